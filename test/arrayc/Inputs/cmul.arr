def cmul(z: c64[n], w: c64[n]) -> c64[n]:
    return z * w / (w + 1j) + np.exp(z)
