def f(x: f16[4]) -> c64[4]:
    return np.fft.fft(x)

# Tests that float16 input is a located error (NumPy 2's behaviour is not established here).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-f16.arr:2:23: error: np.fft.fft(): f16 input is not supported; convert it with .astype(np.float32) first
# CHECK-NEXT: {{^}}    return np.fft.fft(x)
# CHECK-NEXT: {{^}}                      ^{{$}}
