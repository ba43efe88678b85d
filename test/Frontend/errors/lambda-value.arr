def main():
    f = lambda i, j: (i + j) % 2
    print(f)

# Tests that a lambda, a hidden module-level function (`f = lambda ...` in a
# function is the nested function `f`, hoisted as `f@2:9`), is not a value
# to store or print (only to call or to pass where a function is taken).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}lambda-value.arr:3:11: error: 'f@2:9' is a function; functions are not values, call it
