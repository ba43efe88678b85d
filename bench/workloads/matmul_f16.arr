# matmul_f16_8192: a @ b of 8192 x 8192 f16 (cuBLAS on the tensor cores, f32
# accumulation, the result rounded to f16 as NumPy's f16 matmul does).
def matmul16(a: f16[m, k], b: f16[k, n]) -> f16[m, n]:
    return a @ b
