"""@arrayc.reduction: a binary combine function with an identity as a
reduction (CuPy's ReductionKernel, Numba's @reduce; docs/python.md).

The function's body goes to the compiler as a `@reduction(identity=...)`
def: a call `f(x)` folds every element of x into the identity with it,
`f(x, axis=k, keepdims=...)` the given axes (one `ndarray.custom_reduce`, a
loop nest on the cpu, block reductions on the GPU). The function is assumed
associative and commutative with the identity as its identity, as CuPy and
Numba assume. Called from an @arrayc.jit function it is compiled into that
function and fuses with the producer of its argument (`f(x * y)` reads x
and y once); called from Python it shares @arrayc.vectorize's compile
cache machinery (ScalarKernel)."""

import math

import numpy as np

from ._core import CompileError
from ._vectorize import ScalarKernel


def _identity_text(v):
    """The identity as .arr source: a bool, an int or a float (inf and nan
    as np.inf, np.nan)."""
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return repr(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "np.nan"
        if math.isinf(v):
            return "np.inf" if v > 0 else "-np.inf"
        return repr(v)
    raise CompileError("arrayc.reduction: the identity must be a real number "
                       "(0.0, -np.inf, 1, True), got %r" % (v,))


def _axis_text(axis):
    if axis is None:
        return "None"
    if isinstance(axis, (tuple, list)):
        return "(%s)" % "".join("%d, " % int(a) for a in axis)
    return "%d" % int(axis)


class Reduction(ScalarKernel):
    """What @arrayc.reduction returns: call it on an array (all elements,
    or `axis=`, `keepdims=` as NumPy's reductions) or from an @arrayc.jit
    function (compiled into it)."""

    _kind = "reduction"

    def __init__(self, fn, identity, target=None):
        super().__init__(fn, target)
        if len(self._src.params) != 2:
            raise CompileError("arrayc.reduction: %s combines two values: def %s(acc, x), "
                               "got %d parameters" % (self.__name__, self.__name__,
                                                      len(self._src.params)))
        self.identity = identity
        self._identity = _identity_text(identity)

    @property
    def _arrayc_decorator(self):
        return "@reduction(identity=%s)" % self._identity

    def __call__(self, x, axis=None, keepdims=False):
        axis_text = _axis_text(axis)
        keep = bool(keepdims)
        call = "%s(a0, axis=%s, keepdims=%s)" % (self._src.name, axis_text, keep)
        return self._call((x,), (axis_text, keep), call)


def reduction(fn=None, *, identity=None, target=None):
    """Compile a binary combine function `def f(acc, x)` (branches, loops,
    math on numbers) into a reduction from `identity`:
    `@arrayc.reduction(identity=0.0)`. f is assumed associative and
    commutative with `identity` as its identity; the result dtype is f's for
    two elements of the argument's dtype. target: as @arrayc.jit's."""
    if identity is None:
        raise CompileError("arrayc.reduction needs its identity: "
                           "@arrayc.reduction(identity=0.0)")
    if fn is None:
        return lambda f: Reduction(f, identity, target)
    return Reduction(fn, identity, target)
