"""@arrayc.vectorize: a scalar Python function as a ufunc (docs/python.md);
ScalarKernel, the compile and cache machinery @arrayc.reduction shares.

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


def _type_of(arg, kind):
    """(arrayc dtype name, shape) of an argument: an array (NumPy, CuPy,
    arrayc, anything with .dtype and .shape) or a Python number (NumPy's
    default dtype, 0-d: as np.vectorize converts it)."""
    if isinstance(arg, (bool, int, float, np.generic)):
        arg = np.asarray(arg)
    dtype, shape = getattr(arg, "dtype", None), getattr(arg, "shape", None)
    if dtype is None or shape is None:
        raise TypeError("arrayc.%s: arguments are arrays or numbers, got %s" %
                        (kind, type(arg).__name__))
    name = _SHORT.get(str(dtype))
    if name is None:
        raise TypeError("arrayc.%s: dtype %s is not supported" % (kind, dtype))
    return name, tuple(int(n) for n in shape)


class ScalarKernel:
    """What @arrayc.vectorize and @arrayc.reduction share: the function's
    source sent to the compiler under its .arr decorator, and a small
    exported wrapper compiled per argument dtypes, ranks, size pattern and
    call options, cached as @arrayc.jit's specializations are."""

    _kind = "kernel"  # the decorator's name in messages

    def __init__(self, fn, target=None):
        self.__wrapped__ = fn
        self.__name__ = getattr(fn, "__name__", "function")
        self.__doc__ = getattr(fn, "__doc__", None)
        self._src = _Source(fn)
        self._target = target
        self._lock = threading.Lock()
        self._compiled = {}  # (context, dtypes, size pattern, options) -> function

    @property
    def _arrayc_decorator(self):
        """The decorator line the compiler reads (`@vectorize`); @arrayc.jit
        puts it above the function's source when a jitted function calls it."""
        raise NotImplementedError

    def _source(self, types, dims, call):
        """The function at its own lines under its .arr decorator, its helpers
        and constants, and an exported wrapper of parameters a0, a1, ... typed
        `types` with `dims` returning `call` (the function applied to them)."""
        src = self._src
        lines = list(src.lines)
        at = src.fdef.lineno - 1  # the `def` line in src.lines
        lines[:at] = [""] * at
        if at > 0:
            lines[at - 1] = self._arrayc_decorator
            pad = src.first - 1
        else:  # not decorated: the decorator takes the line above, if any
            lines.insert(0, self._arrayc_decorator)
            pad = max(src.first - 2, 0)
        if src.support is None:
            src.support = _support(src.fn, src.fdef, src.file)
        text = _place([""] * pad + lines, src.file, src.support)
        params = ["a%d: %s%s" % (i, t, "[%s]" % ", ".join(d) if d else "")
                  for i, (t, d) in enumerate(zip(types, dims))]
        wrapper = "arrayc_%s_%s" % (self._kind, src.name)
        text += "\n\ndef %s(%s):\n    return %s\n" % (wrapper, ", ".join(params), call)
        return text, wrapper

    def _call(self, args, options, call):
        """The wrapper for `args` and `options` (part of the cache key; `call`
        the wrapper's expression for them), compiled once, called on `args`."""
        ctx = get_context(self._target)
        typed = [_type_of(a, self._kind) for a in args]
        types = tuple(t for t, _ in typed)
        dims = tuple(_dims([s for _, s in typed]))
        key = (id(ctx), types, dims, options)
        fn = self._compiled.get(key)
        if fn is None:
            with self._lock:
                fn = self._compiled.get(key)
                if fn is None:
                    text, wrapper = self._source(types, dims, call)
                    module = _compile(text, name=self._src.file, target=ctx.target)
                    fn = self._compiled[key] = module[wrapper]
        return fn(*args)

    def __repr__(self):
        return "<arrayc.%s %s>" % (self._kind, self.__name__)


class Vectorize(ScalarKernel):
    """What @arrayc.vectorize returns: call it on arrays (broadcast as a
    NumPy ufunc) or from an @arrayc.jit function (compiled into it)."""

    _kind = "vectorize"
    _arrayc_decorator = "@vectorize"

    def __call__(self, *args):
        if len(args) != len(self._src.params):
            raise TypeError("%s() takes %d arguments, got %d" % (
                self.__name__, len(self._src.params), len(args)))
        call = "%s(%s)" % (self._src.name, ", ".join("a%d" % i for i in range(len(args))))
        return self._call(args, (), call)


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
