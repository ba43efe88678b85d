"""Functions that write their arguments (NumPy's reference semantics): the
caller's arrays change in place, as under NumPy. Each function here is plain
NumPy code; the reference is the same function run by NumPy on copies of the
same fresh random inputs, and the arguments' contents after the call are
compared as well as the results."""
import inspect
import os

import numpy as np
import pytest

import arrayc
from arrayc import _jit

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()


@arrayc.jit(target=TARGET)
def jacobi(A, steps):
    for t in range(steps):
        A[1:-1, 1:-1] = 0.25 * (A[:-2, 1:-1] + A[2:, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:])


@arrayc.jit(target=TARGET)
def lower_solve(L, x):
    n = x.shape[0]
    for i in range(n):
        s = x[i]
        for j in range(i):
            s = s - L[i, j] * x[j]
        x[i] = s / L[i, i]


@arrayc.jit(target=TARGET)
def add_one(x):
    x += 1


@arrayc.jit(target=TARGET)
def add_one_and_sum(x):
    x += 1.0
    return np.sum(x)


@arrayc.jit(target=TARGET)
def axpy(a, x, y):
    y += a * x


@arrayc.jit(target=TARGET)
def both(x, y):
    x[:] = x + y
    y[:] = y * 2.0
    return x - y


@arrayc.jit(target=TARGET)
def sqdiff(x, y):
    return (x - y) * (x - y)


@arrayc.jit(target=TARGET)
def scale_twice(x, s):
    s *= 2.0
    x *= s


def host(a):
    return np.asarray(arrayc.asnumpy(a))


def copies(args):
    """Copies of the array arguments; one array passed twice stays one array."""
    made = {}
    return [made.setdefault(id(a), a.copy()) if isinstance(a, np.ndarray) else a
            for a in args]


def check_like_numpy(fn, *args, rtol=1e-12):
    """Calls fn on args and NumPy's run of the same function on copies of
    them; compares the results and every array argument afterwards."""
    ref_args = copies(args)
    ref = fn.__wrapped__(*ref_args)
    out = fn(*args)
    if ref is None:
        assert out is None
    else:
        np.testing.assert_allclose(host(out), ref, rtol=rtol, atol=1e-12)
    for i, (a, r) in enumerate(zip(args, ref_args)):
        if isinstance(a, np.ndarray):
            np.testing.assert_allclose(a, r, rtol=rtol, atol=1e-12,
                                       err_msg="argument %d after the call" % (i + 1))


def test_jacobi_sweeps_update_the_argument():
    A = rng.standard_normal((40, 33))
    before = A.copy()
    check_like_numpy(jacobi, A, 7)
    assert not np.array_equal(A, before)  # the sweeps did change it
    np.testing.assert_array_equal(A[0], before[0])  # the boundary did not


def test_triangular_solve_in_place():
    n = 60
    L = np.tril(rng.standard_normal((n, n))) + n * np.eye(n)
    b = rng.standard_normal(n)
    x = b.copy()
    check_like_numpy(lower_solve, L, x, rtol=1e-10)
    np.testing.assert_allclose(L @ x, b, rtol=1e-10, atol=1e-10)


def test_augmented_assignment_on_an_argument_writes_it():
    # In NumPy `x += 1` on an array argument updates the caller's array.
    x = rng.standard_normal(1000)
    before = x.copy()
    assert add_one(x) is None  # no return: None
    np.testing.assert_array_equal(x, before + 1)
    xi = rng.integers(-100, 100, size=(5, 7))
    check_like_numpy(add_one, xi)


def test_write_and_return():
    x = rng.standard_normal(513)
    check_like_numpy(add_one_and_sum, x, rtol=1e-10)


def test_strided_argument_written_in_place():
    # A[:, ::2]: a view with a column stride; the odd columns stay as they were.
    A = rng.standard_normal((24, 30))
    before = A.copy()
    ref = A.copy()
    jacobi.__wrapped__(ref[:, ::2], 4)
    jacobi(A[:, ::2], 4)
    np.testing.assert_allclose(A, ref, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(A[:, 1::2], before[:, 1::2])
    # A transposed view (Fortran order) as well.
    B = np.asfortranarray(rng.standard_normal((16, 20)))
    check_like_numpy(jacobi, B, 3)


def test_misaligned_strides_are_copied_back():
    # A field of a structured array: strides not a multiple of the itemsize,
    # passed through a C-order copy, then copied back.
    rec = np.zeros(50, dtype=[("a", np.float64), ("b", np.int32)])
    rec["a"] = rng.standard_normal(50)
    rec["b"] = np.arange(50)
    x = rec["a"]
    ref = x.copy()
    add_one.__wrapped__(ref)
    add_one(x)
    np.testing.assert_array_equal(rec["a"], ref)
    np.testing.assert_array_equal(rec["b"], np.arange(50))


def test_same_array_twice_gives_numpys_answer():
    a = rng.standard_normal(300)
    check_like_numpy(axpy, 2.0, a, a)  # a += 2 a: 3 a
    b = rng.standard_normal(300)
    check_like_numpy(both, b, b)  # b = 2 b, then b = 2 b: 4 b, and b - b
    # Distinct arrays still get the plain specialization's answer.
    x, y = rng.standard_normal(300), rng.standard_normal(300)
    check_like_numpy(both, x, y)
    c = rng.standard_normal(300)
    check_like_numpy(both, c, c)  # after a distinct call: the aliased one again


def test_read_only_parameters_may_alias():
    a = rng.standard_normal(100)
    np.testing.assert_array_equal(host(sqdiff(a, a)), np.zeros(100))
    # Nothing written: the plain specialization serves (no aliased compile).
    assert all(len(key) == 4 for key in sqdiff._specs)


def test_partial_overlap_of_a_written_argument_is_refused():
    a = rng.standard_normal(100)
    before = a.copy()
    with pytest.raises(arrayc.ArgumentError, match="share memory"):
        axpy(2.0, a[:-1], a[1:])
    np.testing.assert_array_equal(a, before)


def test_interleaved_views_are_distinct():
    a = rng.standard_normal(200)
    ref = a.copy()
    axpy.__wrapped__(3.0, ref[::2], ref[1::2])
    axpy(3.0, a[::2], a[1::2])
    np.testing.assert_allclose(a, ref, rtol=1e-12)


def test_read_only_array_for_a_written_parameter_is_refused():
    a = rng.standard_normal(10)
    a.flags.writeable = False
    with pytest.raises(arrayc.ArgumentError, match="read-only"):
        add_one(a)
    b = rng.standard_normal(10)
    b.flags.writeable = False
    sqdiff(b, b)  # reading a read-only array is fine


def test_module_function_writes_its_argument():
    m = arrayc.compile("def scale(x: f64[n], s: f64):\n    x *= s\n", target=TARGET)
    x = rng.standard_normal(64)
    ref = x * 3.0
    assert m.scale(x, 3.0) is None
    np.testing.assert_allclose(x, ref, rtol=1e-15)
    y = rng.standard_normal(128)
    ref = y.copy()
    ref[::2] *= 0.5
    m.scale(y[::2], 0.5)
    np.testing.assert_allclose(y, ref, rtol=1e-15)
    # A module's signature is as written: no alias specialization, so the
    # same array for a written parameter and another is refused.
    m2 = arrayc.compile("def axpy(a: f64, x: f64[n], y: f64[n]):\n    y += a * x\n",
                        target=TARGET)
    z = rng.standard_normal(16)
    with pytest.raises(arrayc.ArgumentError, match="'x'.*'y'.*share memory"):
        m2.axpy(2.0, z, z)


def _line_of(source, text):
    for i, line in enumerate(source.splitlines(), 1):
        if text in line:
            return i
    raise AssertionError("%r not in the source" % text)


@pytest.mark.parametrize("fn", [both, jacobi])
def test_aliased_specialization_keeps_line_numbers(fn):
    # The later parameter is dropped from the def and bound to the earlier
    # (`y = x`) without moving the body: diagnostics keep the file's lines.
    src = fn._src
    file_lines, first = inspect.getsourcelines(fn.__wrapped__)
    alias = (0, 0)
    anns = ["f64[d0]"] * 2
    text = src.specialize(anns, alias)
    body_first = src.fdef.body[0]
    want = first + body_first.lineno - 1
    stmt = src.lines[body_first.lineno - 1].strip()
    assert _line_of(text, stmt) == want
    assert "%s = %s" % (src.params[1], src.params[0]) in text
    def_line = [l for l in text.splitlines() if l.startswith("def ")][0]
    assert src.params[1] + ":" not in def_line
    assert def_line.startswith("def %s(%s: f64[d0])" % (src.name, src.params[0]))


def test_numpy_scalar_argument_is_a_value():
    # `s *= 2.0` on a NumPy scalar rebinds s in NumPy; the scalar object (a
    # read-only buffer) is never written, whatever the function does to s.
    s = np.float64(1.5)
    x = rng.standard_normal(20)
    check_like_numpy(scale_twice, x, s)
    assert s == 1.5
    check_like_numpy(scale_twice, x, 0.25)  # a Python float
