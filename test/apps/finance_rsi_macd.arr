# RUN: %e2e %s
# Technical indicators on a price series: exponential moving averages by the
# recursive formula, MACD and its signal line, and Wilder's RSI.
# INPUT: r f64 [400]
# OUTPUT: macd
# OUTPUT: signal
# OUTPUT: rsi
# JIT: ema macd rsi
import numpy as np


def ema(x, span):
    alpha = 2 / (span + 1)
    out = np.zeros_like(x)
    out[0] = x[0]
    for i in range(1, len(x)):
        out[i] = alpha * x[i] + (1 - alpha) * out[i - 1]
    return out


def macd(price, fast=12, slow=26, sig=9):
    line = ema(price, fast) - ema(price, slow)
    return line, ema(line, sig)


def rsi(price, period=14):
    delta = np.diff(price)
    gain = np.clip(delta, 0, None)
    loss = -np.clip(delta, None, 0)
    avg_gain = gain[:period].mean()
    avg_loss = loss[:period].mean()
    out = np.zeros(len(price))
    for i in range(period, len(delta)):
        avg_gain = (avg_gain * (period - 1) + gain[i]) / period
        avg_loss = (avg_loss * (period - 1) + loss[i]) / period
        out[i + 1] = 100 - 100 / (1 + avg_gain / avg_loss)
    return out


def main():
    r: f64[n] = np.load("r.npy")
    price = 50 * np.exp(np.cumsum(0.02 * r))
    line, signal = macd(price)
    np.save("macd.npy", line)
    np.save("signal.npy", signal)
    np.save("rsi.npy", rsi(price))
