# mse: mean((x - y)**2) over 2^26 f32 (mean is not in the language yet: sum / N literal).
def mse(x: f32[n], y: f32[n]) -> f32:
    return sum((x - y) ** 2) / 67108864.0
