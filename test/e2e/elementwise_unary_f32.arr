# RUN: %e2e %s
# Tests each unary float builtin on f32, bare and with np.
# INPUT: x f32 [777] positive
# INPUT: z f32 [777]
# OUTPUT: sqrt
# OUTPUT: exp
# OUTPUT: log
# OUTPUT: sin
# OUTPUT: cos
# OUTPUT: tanh
# OUTPUT: abs
# OUTPUT: chain
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    z: f32[n] = np.load("z.npy")
    np.save("sqrt.npy", np.sqrt(x))
    np.save("exp.npy", exp(z))
    np.save("log.npy", np.log(x))
    np.save("sin.npy", sin(z * 3.0))
    np.save("cos.npy", np.cos(z * 3.0))
    np.save("tanh.npy", tanh(z))
    np.save("abs.npy", np.abs(z))
    np.save("chain.npy", sqrt(abs(z)) + exp(-z * z) * cos(z) - log(x) * np.tanh(z))
