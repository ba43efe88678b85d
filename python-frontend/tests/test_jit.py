"""@arrayc.jit on the cpu target (CI) or, with ARRAYC_PYTEST_TARGET=cuda, on
the GPU: results against NumPy in float64, errors, specializations."""
from __future__ import annotations  # arrayc types in annotations (`x: f32[n]`) stay text

import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()


def rel_err(out, ref):
    out = np.asarray(arrayc.asnumpy(out), dtype=np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    return np.linalg.norm(out - ref) / max(np.linalg.norm(ref), 1e-300)


@arrayc.jit(target=TARGET)
def sqdiff(x, y):
    return (x - y) * (x - y)


@arrayc.jit(target=TARGET)
def softmax(x):
    e = np.exp(x - np.max(x, axis=1, keepdims=True))
    return e / np.sum(e, axis=1, keepdims=True)


@arrayc.jit(target=TARGET)
def stats(m, s):
    """A docstring, comments and two results."""
    # the column means, scaled, and the maximum
    return np.mean(m, axis=0) * s, np.max(m)


@arrayc.jit(target=TARGET)
def annotated(x: f32[n], y):
    return x @ y


def test_sqdiff_matches_numpy():
    x = rng.standard_normal(10_000, dtype=np.float32)
    y = rng.standard_normal(10_000, dtype=np.float32)
    d = sqdiff(x, y)
    assert isinstance(d, arrayc.ndarray)
    assert d.shape == (10_000,) and d.dtype == np.float32
    assert rel_err(d, (x.astype(np.float64) - y) ** 2) < 1e-6


def test_specializations_per_dtype_and_rank():
    for dtype in (np.float32, np.float64, np.int32):
        a = (rng.standard_normal((7, 5)) * 10).astype(dtype)
        b = (rng.standard_normal((7, 5)) * 10).astype(dtype)
        d = sqdiff(a, b)
        assert d.dtype == dtype and d.shape == (7, 5)
        assert rel_err(d, (a.astype(np.float64) - b) ** 2) < 1e-6
    # Broadcasting through size-1 dims.
    a = rng.standard_normal((4, 6)).astype(np.float32)
    b = rng.standard_normal((1, 6)).astype(np.float32)
    assert rel_err(sqdiff(a, b), (a.astype(np.float64) - b) ** 2) < 1e-6
    # Other sizes of the same dtypes and pattern reuse the specialization (dynamic sizes).
    sqdiff(rng.standard_normal(123).astype(np.float32), rng.standard_normal(123).astype(np.float32))
    n = len(sqdiff._specs)
    d = sqdiff(np.full(77, 3, np.float32), np.ones(77, np.float32))
    assert len(sqdiff._specs) == n and np.all(arrayc.asnumpy(d) == 4)


def test_softmax_and_strided_input():
    x = rng.standard_normal((64, 300)).astype(np.float32)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    assert rel_err(softmax(x), e / e.sum(axis=1, keepdims=True)) < 1e-5
    xs = x[::2, ::3]  # a strided view
    e = np.exp(xs - xs.max(axis=1, keepdims=True))
    assert rel_err(softmax(xs), e / e.sum(axis=1, keepdims=True)) < 1e-5


def test_two_results_and_python_scalar():
    m = rng.standard_normal((9, 4))
    mean, mx = stats(m, 2.5)
    assert rel_err(mean, m.mean(axis=0) * 2.5) < 1e-12
    assert mx.shape == () and float(mx) == m.max()


def test_annotations_are_kept():
    x = rng.standard_normal(50).astype(np.float32)
    y = rng.standard_normal(50).astype(np.float32)
    assert rel_err(annotated(x, y), np.dot(x.astype(np.float64), y)) < 1e-5
    with pytest.raises(arrayc.ArgumentError, match=r"argument 1 \(.x.\) is f64\[50\], expected f32\[n\]"):
        annotated(x.astype(np.float64), y.astype(np.float64))


def test_compile_error_points_at_the_python_line():
    @arrayc.jit(target=TARGET)
    def bad(x):
        return np.frobnicate(x)

    line = bad.__wrapped__.__code__.co_firstlineno + 2
    with pytest.raises(arrayc.CompileError) as e:
        bad(np.ones(3))
    assert "%s:%d:" % (__file__, line) in str(e.value)
    assert "np.frobnicate" in str(e.value) and "^" in str(e.value)


def test_argument_errors():
    with pytest.raises(arrayc.ArgumentError, match="takes 2 arguments"):
        sqdiff(np.ones(3))
    # Sizes that differ only at run time: checked then, with NumPy's message.
    with pytest.raises(arrayc.ProgramError,
                       match=r"operands could not be broadcast together with shapes \(3,\) \(4,\)"):
        sqdiff(np.ones(3, np.float32), np.ones(4, np.float32))
    with pytest.raises(arrayc.ArgumentError):
        sqdiff(np.array(["a"], dtype=object), np.ones(1))


def test_asarray_asnumpy_roundtrip():
    x = rng.standard_normal((3, 4)).astype(np.float32)
    a = arrayc.asarray(x, target=TARGET)
    assert isinstance(a, arrayc.ndarray) and a.shape == (3, 4)
    assert np.array_equal(arrayc.asnumpy(a), x)
    assert np.array_equal(arrayc.asnumpy(sqdiff(a, a)), np.zeros((3, 4), np.float32))


def test_dlpack_export_to_numpy():
    x = rng.standard_normal((5, 4)).astype(np.float32)
    d = sqdiff(x, x * 0.5)
    if d.device is not None:
        pytest.skip("numpy.from_dlpack reads host arrays only")
    v = np.from_dlpack(d)
    assert v.shape == (5, 4) and np.allclose(v, (x * 0.5) ** 2)
    del d  # the capsule keeps the memory alive
    assert np.allclose(v, (x * 0.5) ** 2)
    from arrayc import _dlpack
    n = len(_dlpack._live)
    capsule = sqdiff(x, x).__dlpack__()  # never consumed: its destructor frees it
    assert len(_dlpack._live) == n + 1
    del capsule
    assert len(_dlpack._live) == n


def test_memory_pool_and_streams_on_cuda():
    if TARGET != "cuda":
        pytest.skip("the device pool and streams are cuda's")
    pool = arrayc.get_default_memory_pool()
    x = rng.standard_normal(1 << 20).astype(np.float32)
    d = sqdiff(x, x)
    assert pool.used_bytes() >= d.size * 4
    assert pool.total_bytes() >= pool.used_bytes()
    s = arrayc.cuda.Stream()
    with s:
        e = sqdiff(x, 2 * x)
    s.synchronize()
    assert rel_err(e, x.astype(np.float64) ** 2) < 1e-6
    del d, e
    pool.free_all_blocks()
    with arrayc.cuda.Device(0):
        assert rel_err(sqdiff(x, x), np.zeros_like(x)) == 0


def test_compile_module_from_source():
    mod = arrayc.compile("def scale(x: f32[n], s: f32) -> f32[n]:\n    return x * s\n\n"
                         "def total(x: f64[n, m]):\n    return np.sum(x)\n",
                         name="lib.arr", target=TARGET)
    assert sorted(mod.functions()) == ["scale", "total"]
    x = rng.standard_normal(100).astype(np.float32)
    assert rel_err(mod.scale(x, np.float32(3.0)), x.astype(np.float64) * 3) < 1e-6
    m = rng.standard_normal((4, 5))
    assert rel_err(mod["total"](m), m.sum()) < 1e-12
    with pytest.raises(arrayc.ArgumentError, match="expected f32"):
        mod.scale(x.astype(np.float64), np.float32(1))
    with pytest.raises(AttributeError, match="has: scale, total"):
        mod.nope
    with pytest.raises(arrayc.CompileError, match=r"bad\.arr:2:"):
        arrayc.compile("def f(x: f32[n]):\n    return y\n", name="bad.arr", target=TARGET)
    # A function without annotations is typed at its calls: not exported.
    mod = arrayc.compile("def f(x):\n    return x\n\ndef g(x: f64[n]):\n    return f(x)\n",
                         target=TARGET)
    assert mod.functions() == ["g"]


@arrayc.jit(target=TARGET)
def checked_sqrt(x):
    assert np.min(x) >= 0, "x must be non-negative"
    return np.sqrt(x)


def test_a_failed_assert_raises_and_the_next_call_works():
    x = rng.random(1000).astype(np.float32)
    for _ in range(20):
        with pytest.raises(arrayc.ProgramError, match=r"test_jit\.py:\d+:5: AssertionError: "
                                                      r"x must be non-negative"):
            checked_sqrt(x - 2)
        assert rel_err(checked_sqrt(x), np.sqrt(x.astype(np.float64))) < 1e-6


@arrayc.jit(target=TARGET)
def grow(x):
    y = x * 2.0
    return x + np.sum(np.concatenate([y, y, y, y]))


@arrayc.jit(target=TARGET)
def huge(x):
    big = np.ones((2**28, 2**28, 8))  # 2^62 bytes
    big[1, 2, 0] = x[0]
    return big[1, 2, :4] * x[0]


def test_out_of_memory_names_the_line_and_the_process_goes_on():
    x = np.float32([3, 1, 2, 5])
    for _ in range(3):
        with pytest.raises(arrayc.OutOfMemoryError, match=r"test_jit\.py:\d+:\d+: .*out of"):
            huge(x)
    assert rel_err(grow(x), x.astype(np.float64) + 8 * x.astype(np.float64).sum()) < 1e-6


def test_out_of_memory_under_the_pool_limit_then_calls_succeed():
    if TARGET != "cuda":
        pytest.skip("the device pool is cuda's")
    pool = arrayc.get_default_memory_pool()
    small = rng.random(4096).astype(np.float32)
    grow(small)  # compiled before the limit
    pool.free_all_blocks()
    big = arrayc.asarray(rng.random(16 << 20).astype(np.float32))  # 64 MiB on the device
    used = pool.used_bytes()
    pool.set_limit(96 << 20)
    try:
        with pytest.raises(arrayc.OutOfMemoryError, match="out of memory.*limit"):
            grow(big)
        assert pool.used_bytes() == used  # the failed call's memory went back
        assert pool.total_bytes() <= 96 << 20
        for _ in range(1000):
            r = grow(small)
        ref = small.astype(np.float64) + 8 * small.astype(np.float64).sum()
        assert rel_err(r, ref) < 1e-5
    finally:
        pool.set_limit(0)
    assert rel_err(grow(big), big.get().astype(np.float64) * 1 +
                   8 * big.get().astype(np.float64).sum()) < 1e-4


@arrayc.jit(target=TARGET)
def scale(x, k):
    return x * k


def test_bad_arguments_and_options_are_clear_errors():
    x = np.ones(3, np.float32)
    for bad in ["abc", {"a": 1}, object(), np.ones(3, dtype=object),
                np.datetime64("2020-01-01"), [[1, 2], [3]], np.ones((2,) * 17, np.float32)]:
        with pytest.raises(arrayc.ArgumentError):
            sqdiff(x, bad)
    # None is bound in the compiled source (for `if y is None:`): its use is
    # located, as NumPy's TypeError for `x - None`.
    with pytest.raises(arrayc.CompileError, match="unsupported operand type for '-': None"):
        sqdiff(x, None)
    for big in [2**70, -2**64]:  # NumPy: OverflowError, not an object array
        with pytest.raises(arrayc.ArgumentError, match="Python integer -?%d out of bounds" % abs(big)):
            scale(x, big)
    with pytest.raises(TypeError, match="source must be a str"):
        arrayc.compile(123)
    with pytest.raises(ValueError, match="target must be"):
        arrayc.compile("def f(x: f32[n]) -> f32[n]:\n    return x\n", target="tpu")
    with pytest.raises(arrayc.CompileError, match="NUL byte"):
        arrayc.compile("def f(x: f32[n]) -> f32[n]:\n    return x\n\x00", target=TARGET)
    with pytest.raises(arrayc.CompileError, match="cannot read the source"):
        arrayc.jit(42)
    mod = arrayc.compile("def f(x: f32[n]) -> f32[n]:\n    return x\n", target=TARGET)
    with pytest.raises(arrayc.ArgumentError, match="takes 1 arguments"):
        mod.f()


@arrayc.jit(target=TARGET)
def sin(x):  # the name of the libm function the body calls
    return np.sin(x) * 2.0


def test_functions_named_like_library_functions():
    x = np.random.default_rng().standard_normal(1000)
    np.testing.assert_allclose(arrayc.asnumpy(sin(x)), np.sin(x) * 2.0, rtol=1e-12)
    mod = arrayc.compile(
        "import numpy as np\n\n"
        "def fmod(a: f64[n], b: f64) -> f64[n]:\n    return a % b\n\n"
        "def cblas_dgemm(a: f64[n, k], b: f64[k, m]) -> f64[n, m]:\n    return a @ b\n\n"
        "def arrayc_rt_print_str(a: f64[n]) -> f64[n]:\n    return np.exp(a) + fmod(a, 0.5)\n",
        name="names.arr", target=TARGET)
    a, b = x[:60].reshape(6, 10), x[60:160].reshape(10, 10)
    np.testing.assert_allclose(arrayc.asnumpy(mod.fmod(x, 0.75)), x % 0.75, rtol=1e-12)
    np.testing.assert_allclose(arrayc.asnumpy(mod.cblas_dgemm(a, b)), a @ b, rtol=1e-12)
    np.testing.assert_allclose(arrayc.asnumpy(mod.arrayc_rt_print_str(x)), np.exp(x) + x % 0.5, rtol=1e-12)


@arrayc.jit(target=TARGET)
def doubled_twice(x):
    a = x * 2.0
    b = a
    return a, b


def test_one_array_returned_twice():
    # Two results holding one buffer: the second is a copy with the same
    # shape and values (it once came back empty).
    x = rng.standard_normal(7)
    a, b = doubled_twice(x)
    assert arrayc.asnumpy(a).shape == (7,) and arrayc.asnumpy(b).shape == (7,)
    assert rel_err(a, 2.0 * x) <= 1e-15 and rel_err(b, 2.0 * x) <= 1e-15


@arrayc.jit(target=TARGET)
def scaled_shifted(x, s, k):
    return x * s + k


def test_python_numbers_are_weak_scalars():
    # NumPy 2 (NEP 50): a Python float or int argument takes the array's
    # dtype (`x_f32 * 1e-5` stays f32); a NumPy scalar is a strong 0-d array.
    x32 = rng.standard_normal(40).astype(np.float32)
    out = arrayc.asnumpy(scaled_shifted(x32, 1e-5, 3))
    assert out.dtype == np.float32
    assert rel_err(out, x32 * np.float32(1e-5) + np.float32(3)) < 1e-6
    i32 = rng.integers(-100, 100, 40).astype(np.int32)
    out = arrayc.asnumpy(scaled_shifted(i32, 2, 7))
    assert out.dtype == np.int32 and np.array_equal(out, i32 * 2 + 7)
    # A Python float with an int array is f64, as NumPy gives.
    assert arrayc.asnumpy(scaled_shifted(i32, 0.5, 1)).dtype == np.float64
    # np.float64 and np.int64 scalars are strong: f32 * np.float64 is f64.
    out = arrayc.asnumpy(scaled_shifted(x32, np.float64(1e-5), 3))
    assert out.dtype == np.float64
    assert rel_err(out, x32.astype(np.float64) * 1e-5 + 3) < 1e-12
    out = arrayc.asnumpy(scaled_shifted(i32, np.int64(2), 7))
    assert out.dtype == np.int64
    # The same values again after the NumPy scalars: the weak specialization
    # is found again, not the strong one.
    assert arrayc.asnumpy(scaled_shifted(x32, 2.0, 1)).dtype == np.float32
