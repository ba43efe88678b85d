# The numpy.linalg workloads (cuSOLVER on the GPU), f32, as peers-h200.md has them:
# qr_512/qr_2048 (|r|: signs are the factorization's choice), det_512/det_2048,
# svd_512/svd_2048 (s; u and vh are computed too), inv_4096, solve_4096x16.
def qr_r(a: f32[n, n]) -> f32[n, n]:
    q, r = linalg.qr(a)
    return abs(r)

def det1(a: f32[n, n]) -> f32:
    return linalg.det(a)

def svd_s(a: f32[n, n]) -> f32[n]:
    u, s, vh = linalg.svd(a)
    return s

def inv1(a: f32[n, n]) -> f32[n, n]:
    return linalg.inv(a)

def solve1(a: f32[n, n], b: f32[n, k]) -> f32[n, k]:
    return linalg.solve(a, b)
