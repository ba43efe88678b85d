def main():
    with open("f.txt") as f:
        pass

# Tests that only np.errstate is accepted by 'with'.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}with-other.arr:2:10: error: only 'with np.errstate(...)' is supported as a 'with' statement
