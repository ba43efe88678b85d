# bmm_4096x32: a batch of 4096 products of 32x32 by 32x32 f32 matrices, a @ b
# of (4096, 32, 32) arrays: one strided-batched cuBLAS call on the cuda target.
def bmm(a: f32[b, m, k], c: f32[b, k, n]) -> f32[b, m, n]:
    return a @ c
