def main():
    x = np.ones(3)
    print(max([x * 2.0, x * 3.0]))

# Tests that max() of a list of arrays is rejected (Python compares arrays).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-sum-arrays-max.arr:3:15: error: the truth value of an array with more than one element is ambiguous: max() compares the list's items, which are arrays here
