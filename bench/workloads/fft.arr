# The numpy.fft workloads (cuFFT on the GPU): fft_c64_2e24 (2^24 points),
# fft2_c64_4096 (4096 x 4096), rfft_f32_2e24 (static: a result dimension must be
# a parameter's or a number).
def fft1(x: c64[n]) -> c64[n]:
    return fft.fft(x)

def fft2d(x: c64[m, n]) -> c64[m, n]:
    return fft.fft2(x)

def rfft1(x: f32[16777216]) -> c64[8388609]:
    return fft.rfft(x)
