def main():
    a = np.zeros(3)
    xs = []
    for i in range(4):
        a[0] = i
        xs.append(a)
    print(np.array(xs))

# Tests that appending a named array is rejected: Python's list would keep a
# reference to it, and the later in-place write would show in the list.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-append-named.arr:6:19: error: appending a named array (or a view of one) keeps a reference to it in Python: a later in-place change would show in the list; append a copy (`xs.append(a.copy())`)
