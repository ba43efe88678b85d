# RUN: %e2e %s
# Python's round(x) of a NaN has no int value (ValueError in Python): the
# program stops with a located error instead of returning an arbitrary number.
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_round_nan.arr:12:20: round(): cannot convert float NaN, infinity or a value beyond int64 to integer
import numpy as np


def bucket(x: f64, n: i64) -> i64:
    if n < 0:
        return 0
    return round(x * n)


def main():
    a = np.array([0.25, 0.5, np.nan])
    print(bucket(a[0], 10), bucket(a[1], 3))
    print(bucket(a[2], 10))
