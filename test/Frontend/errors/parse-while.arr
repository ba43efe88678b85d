def main():
    while True:
        pass

# Tests that while statements are rejected for now at the keyword.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}parse-while.arr:2:5: error: 'while' statements are not supported yet
# CHECK-NEXT: {{^}}    while True:
# CHECK-NEXT: {{^}}    ^{{$}}
