# dot_1e8: dot(a, b) of 1e8 f32, written as sum(a * b) (dot is not in the language yet).
def dotp(a: f32[n], b: f32[n]) -> f32:
    return sum(a * b)
