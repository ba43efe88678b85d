def f(x: f32[n, 3], y: f32[n, 4]) -> f32[n, 3]:
    return x + y
