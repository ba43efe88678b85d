# sqdiff: (x - y) * (x - y), f32. Used for both `sqdiff` (2^26) and `small_sqdiff_1e4` (10^4).
def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)
