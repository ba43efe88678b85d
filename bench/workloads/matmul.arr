# matmul_f32_8192: a @ b of 8192 x 8192 f32 (no TF32: exact f32 products, as NumPy).
# matmul_tf32_8192: the same compiled with --tf32 (bench/build.sh).
def matmul(a: f32[m, k], b: f32[k, n]) -> f32[m, n]:
    return a @ b
