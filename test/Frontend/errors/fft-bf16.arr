def f(x: bf16[4]) -> c64[4]:
    return np.fft.fft(x)

# Tests that bfloat16 input is a located error (NumPy has no bfloat16).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-bf16.arr:2:23: error: np.fft.fft(): bf16 input is not supported (NumPy has no bfloat16); convert it with .astype(np.float32) first
# CHECK-NEXT: {{^}}    return np.fft.fft(x)
# CHECK-NEXT: {{^}}                      ^{{$}}
