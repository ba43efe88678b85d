def f(x: f32[4]) -> f32[4]:
    return np.fft.hfft(x)

# Tests that an fft function that is not implemented is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-unsupported.arr:2:19: error: 'np.fft.hfft' is not supported (the fft functions are fft, ifft, rfft, irfft, fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn, irfftn, fftfreq, rfftfreq, fftshift, ifftshift)
# CHECK-NEXT: {{^}}    return np.fft.hfft(x)
# CHECK-NEXT: {{^}}                  ^{{$}}
