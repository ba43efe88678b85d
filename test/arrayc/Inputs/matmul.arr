def matmul(a: f32[m, k], b: f32[k, n]) -> f32[m, n]:
    return a @ b
