def f(n):
    xs = []
    for i in range(n):
        xs.append(i * 2)
    return xs

def main():
    print(f(3))

# Tests that returning a list is rejected (functions return arrays).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-return.arr:5:12: error: 'f' returns a Python list; functions return arrays here: return np.array(...) of it
