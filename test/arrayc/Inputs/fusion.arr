# The benchmark's fused workloads (issue: kernel counts), for --kernel-stats.
def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def chain(x: f32[n], y: f32[n]) -> f32[n]:
    return 0.5 * sin(x) + 2.0 * exp(-y * y) * tanh(x + y)

def mse(x: f32[n], y: f32[n]) -> f32:
    return mean((x - y) ** 2)

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def layernorm(a: f32[r, c]) -> f32[r, c]:
    mu = mean(a, axis=1, keepdims=True)
    d = a - mu
    return d / sqrt(mean(d * d, axis=1, keepdims=True) + 1e-5)

def centered(a: f32[r, c]) -> f32[r, c]:
    return a - mean(a, axis=1, keepdims=True)

def scaled_product(a: f32[m, k], b: f32[k, n]) -> f32[m, n]:
    return a @ b

def repeated(x: f32[n], k: i64) -> f32[n]:
    y = x
    for i in range(k):
        y = y * 0.5 + x
    return y

# All-pairs accelerations (bench/apps nbody): the broadcasts of x.T and x and
# the shared inverse cube reach three matrix-vector reductions; fused in
# rounds (after CSE and unit-dim folding) and the inverse cube recomputed in
# each, the reductions read pos directly, with no n x n temporary.
def accelerations(pos: f64[n, d], mass: f64[n]) -> f64[n, 3]:
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z
    inv_r3 = (dx**2 + dy**2 + dz**2 + 0.01) ** (-1.5)
    ax = (dx * inv_r3) @ mass
    ay = (dy * inv_r3) @ mass
    az = (dz * inv_r3) @ mass
    return np.hstack((ax.reshape(-1, 1), ay.reshape(-1, 1), az.reshape(-1, 1)))

# Game of life's neighbour count: rolls of rolls, gathers reading gathers.
def neighbours(board: bool[n, m]) -> i64[n, m]:
    return sum(np.roll(np.roll(board, i, 0), j, 1)
               for i in (-1, 0, 1) for j in (-1, 0, 1) if (i != 0 or j != 0))
