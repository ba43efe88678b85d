def main():
    x = np.zeros(3)
    with np.errstate(divide='raise'):
        y = 1.0 / x

# Tests that np.errstate(...='raise') is rejected: NumPy would raise
# FloatingPointError, and arrayc never traps float errors.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}with-errstate-raise.arr:3:29: error: np.errstate(divide=...): arrayc never traps floating-point errors, so only 'ignore', 'warn', 'print', 'log' or 'call' (none of which change a result) are accepted, not 'raise'
