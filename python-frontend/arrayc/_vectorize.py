"""@arrayc.vectorize: a scalar Python function as a ufunc (docs/python.md).

The function's body goes to the compiler as a `@vectorize` def: each call
broadcasts its array arguments and applies the body, compiled once as scalar
code for their dtypes, at every element (one `ndarray.map`, a parallel
loop nest or kernel). Called from an @arrayc.jit function, it is compiled
into that function and fuses with the code around it; called from Python,
a small wrapper is compiled per argument dtypes, ranks and size pattern and
cached as @arrayc.jit's specializations are."""

import threading

import numpy as np

from ._core import CompileError, get_context
from ._dtypes import DTYPES
from ._jit import _Source, _dims, _place, _support, compile as _compile

_SHORT = {np_name: short for short, np_name, _ in DTYPES}


def _type_of(arg):
    """(arrayc dtype name, shape) of an argument: an array (NumPy, CuPy,
    arrayc, anything with .dtype and .shape) or a Python number (NumPy's
    default dtype, 0-d: as np.vectorize converts it)."""
    if isinstance(arg, (bool, int, float, np.generic)):
        arg = np.asarray(arg)
    dtype, shape = getattr(arg, "dtype", None), getattr(arg, "shape", None)
    if dtype is None or shape is None:
        raise TypeError("arrayc.vectorize: arguments are arrays or numbers, got %s" %
                        type(arg).__name__)
    name = _SHORT.get(str(dtype))
    if name is None:
        raise TypeError("arrayc.vectorize: dtype %s is not supported" % dtype)
    return name, tuple(int(n) for n in shape)


class Vectorize:
    """What @arrayc.vectorize returns: call it on arrays (broadcast as a
    NumPy ufunc) or from an @arrayc.jit function (compiled into it)."""

    # @arrayc.jit sends the source of a function marked so as `@vectorize`.
    _arrayc_vectorize = True

    def __init__(self, fn, target=None):
        self.__wrapped__ = fn
        self.__name__ = getattr(fn, "__name__", "function")
        self.__doc__ = getattr(fn, "__doc__", None)
        self._src = _Source(fn)
        self._target = target
        self._lock = threading.Lock()
        self._compiled = {}  # (context, dtypes, size pattern) -> exported function

    def _source(self, types, dims):
        """The function as a `@vectorize` def at its own lines, its helpers
        and constants, and an exported wrapper that applies it to arrays."""
        src = self._src
        lines = list(src.lines)
        at = src.fdef.lineno - 1  # the `def` line in src.lines
        lines[:at] = [""] * at
        if at > 0:
            lines[at - 1] = "@vectorize"
            pad = src.first - 1
        else:  # not decorated: the decorator takes the line above, if any
            lines.insert(0, "@vectorize")
            pad = max(src.first - 2, 0)
        if src.support is None:
            src.support = _support(src.fn, src.fdef, src.file)
        text = _place([""] * pad + lines, src.file, src.support)
        params = ["a%d: %s%s" % (i, t, "[%s]" % ", ".join(d) if d else "")
                  for i, (t, d) in enumerate(zip(types, dims))]
        wrapper = "arrayc_vectorized_" + src.name
        text += "\n\ndef %s(%s):\n    return %s(%s)\n" % (
            wrapper, ", ".join(params), src.name,
            ", ".join("a%d" % i for i in range(len(types))))
        return text, wrapper

    def __call__(self, *args):
        if len(args) != len(self._src.params):
            raise TypeError("%s() takes %d arguments, got %d" % (
                self.__name__, len(self._src.params), len(args)))
        ctx = get_context(self._target)
        typed = [_type_of(a) for a in args]
        types = tuple(t for t, _ in typed)
        shapes = [s for _, s in typed]
        dims = tuple(_dims(shapes))
        key = (id(ctx), types, dims)
        fn = self._compiled.get(key)
        if fn is None:
            with self._lock:
                fn = self._compiled.get(key)
                if fn is None:
                    text, wrapper = self._source(types, dims)
                    module = _compile(text, name=self._src.file, target=ctx.target)
                    fn = self._compiled[key] = module[wrapper]
        return fn(*args)

    def __repr__(self):
        return "<arrayc.vectorize %s>" % self.__name__


def vectorize(fn=None, *, target=None):
    """Compile a scalar function (branches, loops, math on numbers) into a
    ufunc: `@arrayc.vectorize` over `def f(x, y): ...`. Parameters may be
    annotated with a dtype (`x: f32`, Numba's signatures) to cast the
    argument; `-> f32` casts the result. target: as @arrayc.jit's."""
    if fn is None:
        return lambda f: Vectorize(f, target)
    if isinstance(fn, (list, tuple, str)):
        raise CompileError("arrayc.vectorize: signatures are written as annotations "
                           "(`def f(x: f32, y: f32) -> f32`), not as a list")
    return Vectorize(fn, target)
