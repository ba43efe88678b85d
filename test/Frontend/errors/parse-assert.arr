def main():
    assert 1 == 1, 'x'

# Tests that assert statements are rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}parse-assert.arr:2:5: error: 'assert' statements are not supported yet
# CHECK-NEXT: {{^}}    assert 1 == 1, 'x'
# CHECK-NEXT: {{^}}    ^{{$}}
