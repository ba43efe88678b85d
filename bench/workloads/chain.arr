# chain: a fused chain of transcendental elementwise ops, f32 of 2^26.
def chain(x: f32[n], y: f32[n]) -> f32[n]:
    return 0.5 * sin(x) + 2.0 * exp(-y * y) * tanh(x + y)
