def main():
    x: f32[n] = np.load("x.npy")
    for i in range(x.shape[0]):
        pass
    print(i)

# Tests that a for loop's variable used after a loop that may run zero times
# (and had no value before) is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}for-var-after.arr:5:11: error: the loop variable 'i' is unbound after its loop (line 3) when the loop runs zero times; assign it before the loop to use it after
# CHECK-NEXT: {{^}}    print(i)
# CHECK-NEXT: {{^}}          ^{{$}}
