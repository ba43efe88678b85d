def heat(u: f64[n], steps: i64) -> f64[n]:
    un = u.copy()
    for t in range(steps):
        un[1:-1] = u[1:-1] + 0.1 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        u, un = un, u
    return u

# Tests that swapping an argument with a local array in a loop, then writing,
# is an error naming the loop: after an odd number of iterations NumPy's
# caller would see the local's contents in its array.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}alias-loop-swap.arr:4:{{[0-9]+}}: error: '{{u|un}}' may or may not share its array with other names after the loop at line 3
