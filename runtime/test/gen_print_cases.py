#!/usr/bin/python3
"""Generates runtime/test/data/print_cases.txt: arrays and NumPy's str() of them.

Run with Debian's /usr/bin/python3 (has NumPy):
    /usr/bin/python3 runtime/test/gen_print_cases.py
Record format (read by print_test.cpp):
    case <name>
    dtype <arrayc dtype code>
    shape <rank> <d0> <d1> ...
    data <hex of the C-contiguous little-endian bytes, or '-' when empty>
    expected <byte length>
    <expected bytes>\n
"""
import os
import sys

import numpy as np

CODES = {
    np.dtype(np.bool_): 0, np.dtype(np.int8): 1, np.dtype(np.int16): 2,
    np.dtype(np.int32): 3, np.dtype(np.int64): 4, np.dtype(np.uint8): 5,
    np.dtype(np.uint16): 6, np.dtype(np.uint32): 7, np.dtype(np.uint64): 8,
    np.dtype(np.float16): 9, np.dtype(np.float32): 11, np.dtype(np.float64): 12,
    np.dtype(np.complex64): 13, np.dtype(np.complex128): 14,
}

rng = np.random.default_rng(1234)
nan, inf = np.nan, np.inf
cases = []


def add(name, a, dtype=None):
    a = np.asarray(a, dtype=dtype)
    cases.append((name, a))


f8, f4, f2 = np.float64, np.float32, np.float16
# 0-d floats
for i, v in enumerate([1.5, 0.1, 1e-5, inf, -inf, nan, -0.0, 0.0, 1e20, 1e16, 1e15,
                       123456.789, 1.2345e-20, 2.0 / 3, 1e-4, 9.999e-5]):
    add("f64_scalar_%d" % i, v, f8)
for i, v in enumerate([0.1, 1.0 / 3, 1e-5, 16777216.0, 3.4e38, -2.5]):
    add("f32_scalar_%d" % i, v, f4)
add("f16_scalar_0", 0.1, f2)
add("f16_scalar_1", 65504, f2)
# 1-d floats
add("f64_empty", [], f8)
add("f64_one", [1.0], f8)
add("f64_mixed", [1.0, 2.5, 3.0], f8)
add("f64_tenths", [0.1, 0.2, 0.3], f8)
add("f64_linspace", np.linspace(0, 1, 7))
add("f64_negative", [-1.5, 2.0, -3.25], f8)
add("f64_nan_inf", [1.0, nan, inf], f8)
add("f64_only_nan", [nan], f8)
add("f64_neginf", [-inf, 1.0], f8)
add("f64_tiny", [1e-5, 1.0], f8)
add("f64_huge", [1e8, 1.0], f8)
add("f64_ratio", [1.0, 1001.0], f8)
add("f64_extreme", [1e-300, 1e300], f8)
add("f64_exp3", [1e-100, 1.0, -2.5e10], f8)
add("f64_exp_nan", [1e-10, nan, -inf], f8)
add("f64_zero_tiny", [0.0, 1e-5], f8)
add("f64_zeros", [0.0, 0.0], f8)
add("f64_negzero", [-0.0, 1.0], f8)
add("f64_thirds", np.arange(1, 6) / 3.0)
add("f64_big_pos", [123456789.0], f8)
add("f64_long_digits", [1.23456789012, 2.0], f8)
add("f64_wrap", np.arange(100) * 1.1)
add("f64_random", rng.standard_normal(20))
add("f64_pi", np.pi * np.arange(30))
add("f64_summarized", np.arange(2000.0))
add("f64_2d", np.arange(12).reshape(3, 4) / 7.0)
add("f64_3d", np.arange(24.0).reshape(2, 3, 4))
add("f64_4d", np.arange(16.0).reshape(2, 2, 2, 2) - 8)
add("f64_2d_empty_rows", np.zeros((0, 3)))
add("f64_2d_empty_cols", np.zeros((3, 0)))
add("f64_2d_summarized", np.arange(2500.0).reshape(50, 50))
add("f64_3d_summarized", np.arange(1331.0).reshape(11, 11, 11) / 3)
add("f64_2d_wide", rng.standard_normal((3, 30)))
add("f64_2d_exp", np.array([[1e-7, 1.0], [3.0, 4e9]]))
add("f64_col", np.arange(5.0).reshape(5, 1))
add("f64_row_summ_wide", np.arange(1001.0) * 1e5)
# float32
add("f32_tenths", [0.1, 0.2], f4)
add("f32_exp_digits", [0.1, 1.23456789e-5], f4)
add("f32_thirds", np.arange(10, dtype=f4) / 3)
add("f32_random_2d", rng.standard_normal((4, 5)).astype(f4))
add("f32_huge", [1e10, 1.0], f4)
add("f32_nan", [nan, 1.5, -inf], f4)
# float16
add("f16_vals", [0.1, 0.5, 2.0 / 3], f2)
add("f16_tiny", [1e-5, 1.0], f2)
add("f16_max", [65504, 1.0], f2)
add("f16_int_digits", [65504, 1000.5], f2)
add("f32_int_digits", [67108872.0], f4)
add("f16_2d", (np.arange(6).reshape(2, 3) / 7).astype(f2))
# ints
add("i32_scalar", 42, np.int32)
add("i64_scalar_neg", -7, np.int64)
add("i64_arange", np.arange(10))
add("i64_mixed", [-5, 100, 3], np.int64)
add("i64_2d", np.arange(9).reshape(3, 3))
add("i64_summarized", np.arange(2000))
add("i8_limits", [-128, 127, 0], np.int8)
add("u8_limits", [0, 255], np.uint8)
add("u64_max", [2**64 - 1, 0], np.uint64)
add("i16_3d", np.arange(8).reshape(2, 2, 2), np.int16)
add("i64_wide", np.arange(40) * 123456789)
add("i32_3d_summ", np.arange(1200).reshape(3, 20, 20), np.int32)
add("u16_vals", [1, 65535], np.uint16)
add("u32_vals", [7, 4294967295], np.uint32)
add("i64_empty", np.zeros(0, np.int64))
# complex (ComplexFloatingFormat: two float columns; scalars as `(1+2j)`)
c16, c8 = np.complex128, np.complex64
for i, v in enumerate([1 + 2j, 1.5 - 2j, 2j, 0j, 1 + 0j, 1e20 + 1j, 1e-5 - 3e17j,
                       complex(nan, 1), complex(1, inf), complex(inf, -nan), -1 - 1j,
                       complex(-0.0, 1), complex(0.1, -0.2)]):
    add("c128_scalar_%d" % i, v, c16)
    add("c64_scalar_%d" % i, v, c8)
add("c128_two", [1 + 2j, 3 - 0.5j], c16)
add("c128_exp", [1e10 + 1j, 2j], c16)
add("c128_nonfinite", [complex(nan, 1), complex(nan, -inf)], c16)
add("c128_zero", [0j], c16)
add("c128_mixed_exp", [1 + 1e-7j, -2.5 + 3j], c16)
add("c128_nan_inf", [complex(1, nan), complex(-inf, 2)], c16)
add("c128_negzero", [complex(-0.0, -0.0), 1 + 1j], c16)
add("c128_random_2d", rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4)))
add("c128_summarized", np.arange(2000) * (1 - 0.5j))
add("c128_wrap", np.arange(30) * (0.1 + 2j))
add("c128_empty", np.zeros(0, c16))
add("c64_random", (rng.standard_normal(7) + 1j * rng.standard_normal(7)).astype(c8))
add("c64_thirds", (np.arange(5) / 3 - 1j * np.arange(5) / 7).astype(c8))
# bools
add("bool_scalar_true", True, np.bool_)
add("bool_scalar_false", False, np.bool_)
add("bool_1d", [True, False], np.bool_)
add("bool_2d", [[True, False], [False, True]], np.bool_)
add("bool_false", [False, False], np.bool_)
add("bool_summarized", np.arange(2000) % 3 == 0)
add("bool_wide", np.arange(30) % 2 == 0)


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "print_cases.txt")
    if len(sys.argv) > 1:
        out = sys.argv[1]
    with open(out, "wb") as f:
        f.write(b"# generated by gen_print_cases.py with NumPy %s\n" % np.__version__.encode())
        for name, a in cases:
            a = np.ascontiguousarray(a)
            exp = str(a).encode()
            raw = a.astype(a.dtype.newbyteorder("<")).tobytes()
            f.write(b"case %s\n" % name.encode())
            f.write(b"dtype %d\n" % CODES[a.dtype])
            f.write(b"shape %d%s\n" % (a.ndim, b"".join(b" %d" % d for d in a.shape)))
            f.write(b"data %s\n" % (raw.hex().encode() if raw else b"-"))
            f.write(b"expected %d\n" % len(exp))
            f.write(exp + b"\n")
    print("wrote %d cases to %s" % (len(cases), out))


if __name__ == "__main__":
    main()
