# prod_axis0_f64: prod(a, axis=0) of 1024 x 512 x 512 f64.
def prod0(a: f64[p, q, r]) -> f64[q, r]:
    return prod(a, axis=0)
