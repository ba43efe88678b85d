# mlp_layer_4096: one MLP layer as NumPy users write it, relu(x @ w + b) of
# 4096x4096 f32 (no TF32). The bench harness passes two arrays of one rank,
# so the bias is w's first row (a view: no copy). On the cuda target the
# product, bias and ReLU are one cuBLASLt call (arrayc-linalg-to-blas,
# lib/Transforms/GemmEpilogue.cpp).
def mlp_layer(x: f32[m, k], w: f32[k, n]) -> f32[m, n]:
    return np.maximum(x @ w + w[0], 0.0)
