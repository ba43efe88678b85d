def main():
    n = 0
    while len([i for i in range(n)]) < 3:
        n += 1

# Tests that a comprehension in a while condition is rejected (it would run
# once, before the loop).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}comprehension-while.arr:3:15: error: a comprehension in a 'while' condition is not supported; compute it in the loop body
