def main():
    print(np.array(i * 2 for i in range(3)))

# Tests that a generator expression outside the reducers is rejected (NumPy
# would make an object array of it).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}genexp-argument.arr:2:26: error: a generator expression is supported as the only argument of sum(), max(), min(), any(), all() and list(); use a list comprehension [...]
