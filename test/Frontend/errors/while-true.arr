def main():
    while True:
        pass

# Tests that an always-true while condition without break or return (an
# endless loop) is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}while-true.arr:2:11: error: this 'while' condition is always true and the body has no 'break' or 'return': an endless loop
# CHECK-NEXT: {{^}}    while True:
# CHECK-NEXT: {{^}}          ^{{$}}
