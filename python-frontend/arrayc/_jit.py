"""@arrayc.jit: compile a Python function written in the arrayc language.

The function's source goes to the compiler as written, with the types of
unannotated parameters filled in from the call's arguments: one compiled
specialization per (dtype, rank, which sizes are equal or 1) of the
arguments and which arguments are the same array; sizes stay dynamic.
Results without `-> ...` are inferred by the compiler from the function's
`return`. Parameters the function writes update the caller's arrays in place
(NumPy's reference semantics).
"""
import ast
import copy
import ctypes
import inspect
import textwrap
import threading

import numpy as np

from . import _capi as C

from ._core import (_fast, ArgumentError, CompileError, DTYPE_NAMES,
                    _local, check, cuda_array, cuda_device_count, error_for, current_stream,
                    dlpack_device_view, fast_device_view, get_context, host_array, ndarray)
from ._shard import Sharding, local_rank


def _read_source(fn):
    """(lines, first line, file) of `fn`'s source, or the CompileError that
    says why it cannot be read and what to do."""
    name = getattr(fn, "__qualname__", fn)
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError) as e:
        raise CompileError(
            "arrayc.jit: cannot read the source of %s (%s): arrayc compiles a function "
            "from its source text, which Python keeps only for functions defined in a "
            ".py file (not at the interactive prompt or through exec); define %s in a "
            "module file and import it, or compile the source text with "
            "arrayc.compile(source)" % (name, e, name)) from None
    return lines, first, inspect.getsourcefile(fn) or "<unknown>"


class _Source:
    """The decorated function's source, parsed once."""

    def __init__(self, fn):
        lines, first, self.file = _read_source(fn)
        self.first = first  # 1-based line of the first decorator or `def`
        self.lines = textwrap.dedent("".join(lines)).splitlines()
        tree = ast.parse("\n".join(self.lines))
        fdef = tree.body[0]
        if not isinstance(fdef, ast.FunctionDef):
            raise CompileError("arrayc.jit: %s is not a plain function" % fn.__qualname__)
        self.fdef = fdef
        self.name = fdef.name
        self.params = [a.arg for a in fdef.args.args]
        if fdef.args.vararg or fdef.args.kwarg or fdef.args.kwonlyargs or \
                fdef.args.posonlyargs:
            raise CompileError("%s:%d: arrayc.jit: %s: only plain parameters (no *args, "
                               "**kwargs, keyword-only or positional-only ones)" %
                               (self.file, first + fdef.lineno - 1, self.name))
        # Defaults and keywords are bound at the call, as Python binds them.
        self.signature = inspect.signature(fn)
        self.annotated = [a.annotation is not None for a in fdef.args.args]
        self.declared = [_annotation_dims(a.annotation) if a.annotation is not None else None
                         for a in fdef.args.args]
        self.fn = fn
        self.support = None  # helpers and constants, read at the first compile
        # Module-level arrays the function reads: hidden parameters after its
        # own (_module_arrays); parameters bound to constants (_with_constants).
        self.hidden = []
        self.consts = {}

    def specialize(self, annotations, alias=None, entry=None):
        """The source with decorators blanked and the `def` line(s) rewritten
        with `annotations` (None: keep the parameter as written), padded so that
        line numbers are the file's. `alias[i] = j < i`: parameter i is the
        same array as parameter j: it is dropped from the `def` and bound to
        j's (`y = x`: one array under two names) before the body, on lines the
        header leaves free or above the `def` (the decorators' blank lines),
        so that the body's line numbers stay the file's (only a `def` on the
        file's first lines, undecorated, has too few: its body moves down).
        `entry`
        (sharded calls): the function is written as `NAME__entry`, and a `def
        NAME` with these annotations (the call's sizes) that calls it follows:
        the shard pass splits that call, on static shapes, into a body whose
        sizes stay dynamic (a stencil's row count differs between processes)."""
        f = self.fdef
        header_first = f.lineno - 1             # 0-based, in self.lines
        header_last = f.body[0].lineno - 2      # the line before the body
        b0 = f.body[0]
        # A one-line function (`def f(x): return 2 * x`): its body follows
        # the header's `:` on the same line.
        inline = None
        if self.lines[b0.lineno - 1][:b0.col_offset].strip():
            header_last = b0.lineno - 1
            inline = self.lines[header_last][b0.col_offset:]
        while inline is None and header_last > header_first and \
                not self.lines[header_last].rstrip().endswith(":"):
            header_last -= 1
        indent = 4 if inline is not None else b0.col_offset
        # The parameters compiled: the function's own but those bound to
        # constants, then the hidden module arrays.
        own = [a for i, a in enumerate(f.args.args) if i not in self.consts]
        names = [a.arg for a in own] + list(self.hidden)
        alias = alias or tuple(range(len(names)))
        params, binds = [], []
        for i, text in sorted(self.consts.items()):
            binds.append("%s%s = %s" % (" " * indent, f.args.args[i].arg, text))
        for i, (name, ann) in enumerate(zip(names, annotations)):
            a = own[i] if i < len(own) else None
            if alias[i] != i:
                binds.append("%s%s = %s" % (" " * indent, name, names[alias[i]]))
            elif ann is None:
                params.append("%s: %s" % (name, ast.unparse(a.annotation)))
            else:
                params.append("%s: %s" % (name, ann))
        ret = " -> " + ast.unparse(f.returns) if f.returns is not None else ""
        header = ["def %s(%s)%s:" % (self.name + ("__entry" if entry else ""),
                                     ", ".join(params), ret)]
        pad = header_last - header_first
        if inline is not None:
            if binds:
                binds.append(" " * indent + inline)
            else:
                header[0] += " " + inline
        # Blank lines up to the function's line in the file: diagnostics point there.
        above = self.first - 1 + header_first
        up = min(max(len(binds) - pad, 0), above)  # the `def` moves up this many lines
        header += binds + [""] * max(pad - len(binds), 0)
        body = [""] * (header_first - min(up, header_first)) + header + \
            self.lines[header_last + 1:]
        text = "\n" * (self.first - 1 - (up - min(up, header_first))) + "\n".join(body)
        if self.support is None:
            self.support = _support(self.fn, self.fdef, self.file)
        text = _place(text.split("\n"), self.file, self.support) + "\n"
        if entry:
            kept = [i for i in range(len(names)) if alias[i] == i]
            wrapper = ["%s: %s" % (names[i], entry[i] if entry[i] is not None
                                   else ast.unparse(own[i].annotation)) for i in kept]
            text += "\ndef %s(%s):\n    return %s__entry(%s)\n" % (
                self.name, ", ".join(wrapper), self.name, ", ".join(names[i] for i in kept))
        return text

    def arg_nodes(self):
        """The ast.arg of each compiled parameter, in `params` order (None for
        the hidden module arrays)."""
        own = [a for i, a in enumerate(self.fdef.args.args) if i not in self.consts]
        return own + [None] * len(self.hidden)

    def with_constants(self, consts):
        """This source with the parameters `consts` ({index: text}) bound to
        those constants at the top of the body instead of passed."""
        v = copy.copy(self)
        v.consts = dict(consts)
        keep = [i for i in range(len(self.params)) if i not in v.consts]
        v.params = [self.params[i] for i in keep]
        v.annotated = [self.annotated[i] for i in keep]
        v.declared = [self.declared[i] for i in keep]
        return v

    def with_hidden(self, hidden):
        """The module arrays `hidden` (names) become parameters after the
        function's own: the call passes the arrays its globals hold then."""
        self.hidden = list(hidden)
        self.params = self.params + self.hidden
        self.annotated = self.annotated + [False] * len(hidden)
        self.declared = self.declared + [None] * len(hidden)


def _is_constant(v):
    """Whether `v` is a module-level value jit reads at compile time: a
    Python number or bool, or a tuple of them."""
    if isinstance(v, tuple):
        return all(_is_constant(x) for x in v)
    return isinstance(v, (bool, int, float, complex)) and not isinstance(v, np.generic) \
        or isinstance(v, np.float64)


def _constant_text(v):
    """`v` as arrayc source (`np.inf` for infinities, `np.nan` for NaN)."""
    if isinstance(v, tuple):
        return "(" + "".join(_constant_text(x) + ", " for x in v) + ")"
    if isinstance(v, float) and not np.isfinite(v):
        return "np.nan" if v != v else ("np.inf" if v > 0 else "(-np.inf)")
    if isinstance(v, complex):
        return "(%r + %rj)" % (v.real, v.imag)
    return repr(v) if not isinstance(v, np.float64) else repr(float(v))


def _global_names(fdef, defaults=True):
    """The names `fdef` reads that are not its own (Python's globals);
    defaults=False leaves out those only its parameters' defaults read (the
    call binds those, as Python does)."""
    local = {a.arg for a in fdef.args.args}
    for node in ast.walk(fdef):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            local.add(node.id)
    seen = []
    # Not its decorators: they ran when Python defined the function.
    annotations = [a.annotation for a in fdef.args.args if a.annotation is not None]
    roots = (fdef.args.defaults if defaults else []) + annotations + fdef.body + \
        ([fdef.returns] if defaults and fdef.returns is not None else [])
    for node in (n for r in roots for n in ast.walk(r)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and \
                node.id not in local and node.id not in seen:
            seen.append(node.id)
    return seen


def _support(fn, fdef, file):
    """What `fn`'s source needs besides itself: the functions it calls that
    its module defines (their sources, found through the functions'
    globals, recursively) and the module-level numbers it reads. Returns
    [(file, first line, lines)] of helper sources and [(name, text)] of
    constants, read now (compile time), as Numba reads globals."""
    helpers, constants, done = [], {}, {id(fn)}
    todo = [(fn, fdef)]
    while todo:
        f, d = todo.pop(0)
        g = getattr(f, "__globals__", {})
        for name in _global_names(d, defaults=f is not fn):
            if name not in g:
                continue
            v = g[name]
            decorator = getattr(v, "_arrayc_decorator", None)
            if not isinstance(decorator, str):
                decorator = None
            if isinstance(v, JitFunction) or decorator:
                v = v.__wrapped__
            if inspect.isfunction(v):
                # A helper under a functools.wraps-style decorator: the
                # function whose source is read, and whose globals it reads.
                v = inspect.unwrap(v)
                if id(v) in done:
                    continue
                done.add(id(v))
                lines, first, hfile = _read_source(v)
                lines = textwrap.dedent("".join(lines)).splitlines()
                hdef = ast.parse("\n".join(lines)).body[0]
                if not isinstance(hdef, ast.FunctionDef):
                    raise CompileError("arrayc.jit: %s (called by %s) is not a plain "
                                       "function" % (name, fdef.name))
                if hdef.name != name:
                    raise CompileError("arrayc.jit: %s calls %s, which is defined as '%s'; "
                                       "call it by its own name" % (fdef.name, name,
                                                                    hdef.name))
                # Decorators blanked: the `def` keeps its line.
                lines = [""] * (hdef.lineno - 1) + lines[hdef.lineno - 1:]
                if decorator:
                    lines, first = _as_decorated(lines, hdef.lineno - 1, first, decorator)
                helpers.append((hfile, first, lines))
                todo.append((v, hdef))
            elif _is_constant(v):
                constants.setdefault(name, _constant_text(v))
            elif _is_module_array(v) and f is not fn:
                raise CompileError(
                    "arrayc.jit: %s (called by %s) reads the module-level array '%s'; "
                    "only the decorated function reads module arrays (they are passed "
                    "to it at each call): read it there and pass it as an argument" %
                    (d.name, fdef.name, name))
    return helpers, sorted(constants.items())


def _is_module_array(v):
    """Whether a global is an array jit passes at each call (a NumPy array,
    or a NumPy scalar other than float64, which is a Python float)."""
    return isinstance(v, np.ndarray) or (isinstance(v, np.generic) and not _is_constant(v))


def _module_arrays(fn, fdef):
    """The module-level arrays `fn` itself reads, by name: passed as hidden
    arguments at each call, so that the function sees the array the global
    holds then (and writes to it reach the user's array, as in NumPy)."""
    g = getattr(fn, "__globals__", {})
    return [n for n in _global_names(fdef, defaults=False)
            if n in g and _is_module_array(g[n])]


def _constant_argument(a, by_keyword):
    """The arrayc text of an argument jit binds at compile time (None, a
    tuple of numbers; a bool or int given by keyword or by default), or None
    for an argument passed at run time."""
    if a is None:
        return "None"
    t = type(a)
    if t is tuple:
        if not _is_constant(a):
            raise ArgumentError("arrayc.jit: a tuple argument must hold numbers only, "
                                "got %r" % (a,))
        return _constant_text(a)
    if by_keyword and (t is bool or t is int):
        return repr(a)
    return None
def _as_decorated(lines, at, first, decorator):
    """An @arrayc.vectorize or @arrayc.reduction helper's lines (its `def`
    at index `at`) marked with its .arr `decorator` (`@vectorize`,
    `@reduction(identity=0.0)`) for the compiler: on the line above the
    `def` where the decorator was, else on a line added above (`first`
    moves up)."""
    if at > 0:
        return lines[:at - 1] + [decorator] + lines[at:], first
    return [decorator] + lines, max(first - 1, 1)


def _place(lines, file, support):
    """The compiled source: `lines` (the function, at its file lines) with
    its helpers at their own file lines where those are free (else after
    it) and the constants at the end."""
    helpers, constants = support
    lines = list(lines)
    extra = []
    for hfile, first, hlines in helpers:
        at = first - 1
        free = hfile == file and all(
            i >= len(lines) or not lines[i].strip() for i in range(at, at + len(hlines)))
        if not free:
            extra += [""] + hlines
            continue
        if at + len(hlines) > len(lines):
            lines += [""] * (at + len(hlines) - len(lines))
        lines[at:at + len(hlines)] = hlines
    lines += extra
    lines += ["%s = %s" % (name, text) for name, text in constants]
    return "\n".join(lines)


def _annotation_dims(node):
    """The dimension names of an annotation `f32[n, 4]` (None for literals)."""
    if not isinstance(node, ast.Subscript):
        return []
    elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    return [e.id if isinstance(e, ast.Name) else None for e in elts]


def _literal_annotation(fname, node, shape, sizes):
    """A parameter's annotation (`f32[n, 4]`) with its dimension names
    written as the argument's sizes (`f32[64, 4]`), recording them in `sizes`
    ({name: size}); None (keep it as written) for an annotation without
    dimensions or of another rank than the argument (the C API says so)."""
    if not isinstance(node.annotation, ast.Subscript):
        return None
    elts = node.annotation.slice.elts if isinstance(node.annotation.slice, ast.Tuple) \
        else [node.annotation.slice]
    if len(elts) != len(shape):
        return None
    out = []
    for e, n in zip(elts, shape):
        if isinstance(e, ast.Name):
            if sizes.setdefault(e.id, n) != n:
                raise ArgumentError("%s: argument '%s' has size %d for its dimension '%s', "
                                    "which another argument has as %d" % (
                                        fname, node.arg, n, e.id, sizes[e.id]))
            out.append(str(n))
        else:
            out.append(ast.unparse(e))
    return "%s[%s]" % (ast.unparse(node.annotation.value), ", ".join(out))


def _dims(shapes, declared=()):
    """Dimension names by value: size 1 stays literal (NumPy broadcasting);
    equal sizes share a name, so `x + y` of equal shapes type-checks; a size
    an annotated parameter names (`x: f32[n]`) takes that name."""
    names = {}
    for shape, dims in zip(shapes, declared):
        for n, name in zip(shape, dims or ()):
            if name is not None and n != 1:
                names.setdefault(n, name)
    taken = set(names.values())
    out = []
    for shape in shapes:
        dims = []
        for n in shape:
            if n == 1:
                dims.append("1")
            else:
                if n not in names:
                    k = len(names)
                    while "d%d" % k in taken:
                        k += 1
                    names[n] = "d%d" % k
                    taken.add(names[n])
                dims.append(names[n])
        out.append(tuple(dims))
    return out


def _argument(arg, ctx, name):
    """(C.Array, keepalive) for one argument."""
    if isinstance(arg, ndarray):
        return arg._raw, arg
    if type(arg) is np.ndarray:
        return host_array(arg)
    if ctx.target == "cuda":
        # CuPy arrays and PyTorch CUDA tensors without touching their
        # __cuda_array_interface__ (even hasattr builds it: ~15 us).
        fast = fast_device_view(arg, ctx.device)
        if fast is not None:
            return fast
    if hasattr(arg, "__cuda_array_interface__"):
        if ctx.target != "cuda":
            raise ArgumentError("arrayc.jit: %s got a GPU array but runs on the cpu "
                                "target" % name)
        return cuda_array(arg, ctx.device)
    if hasattr(arg, "__dlpack_device__") and arg.__dlpack_device__()[0] == 2:
        if ctx.target != "cuda":
            raise ArgumentError("arrayc.jit: %s got a GPU array but runs on the cpu "
                                "target" % name)
        return dlpack_device_view(arg, ctx.device)
    if isinstance(arg, int) and not isinstance(arg, bool) and \
            not -2**63 <= arg < 2**64:
        # NumPy's OverflowError (np.asarray would make an object array of it).
        raise ArgumentError("arrayc.jit: %s: Python integer %d out of bounds for int64 "
                            "(and uint64)" % (name, arg))
    try:
        # Python numbers get NumPy's default dtypes (i64, f64).
        a = np.asarray(arg)
    except (ValueError, TypeError, OverflowError) as e:
        raise ArgumentError("arrayc.jit: %s: cannot pass %r: %s" % (name, type(arg), e)) from None
    if a.dtype == object:
        raise ArgumentError("arrayc.jit: %s: cannot pass %r" % (name, type(arg)))
    return host_array(a)


def _python_scalar(arg, raw):
    """The annotation of a Python number argument, which NumPy 2 promotes
    as a weak scalar (NEP 50: `x_f32 * eps` stays f32): 'int', 'float' or
    'complex'; None for anything else (NumPy scalars such as np.float64(2.0)
    are strong 0-d arrays, as in NumPy; an int beyond int64 is a u64 one)."""
    t = type(arg)
    if t is float or t is complex or (t is int and DTYPE_NAMES[raw.dtype] == "i64"):
        return t.__name__
    return None


def _identity(raw):
    """What makes two views the same array: data, dtype, device, shape and
    strides (None for an empty array: it aliases nothing)."""
    if not raw.data:
        return None
    return (raw.data, raw.dtype, raw.device, tuple(raw.shape[:raw.rank]),
            tuple(raw.strides[:raw.rank]))


def _identities(args, raws, keep):
    """_identity of each argument; a NumPy array passed through a C-order
    copy (host_array) is identified by the original's memory."""
    out = []
    for a, r, k in zip(args, raws, keep):
        if isinstance(a, np.ndarray) and k is not a and a.size and \
                r.data != a.ctypes.data:
            out.append(("copy", a.ctypes.data, a.dtype.str, a.shape, a.strides))
        else:
            out.append(_identity(r))
    return out


def _alias_pattern(identities):
    """For each argument, the index of the first argument that is the same
    array, else its own: the pattern a function that writes its arguments is
    specialized on."""
    seen, out = {}, []
    for i, ident in enumerate(identities):
        out.append(i if ident is None else seen.setdefault(ident, i))
    return tuple(out)


def _host_arguments(args, raws, keep, spec, name):
    """Before a call through the ctypes path: NumPy arrays the function
    writes must be writeable (NumPy: "assignment destination is read-only").
    Returns (original, copy) pairs of written NumPy arguments passed through a
    C-order copy, for the copy back after the call."""
    back = []
    for i, a in enumerate(args):
        if not isinstance(a, np.ndarray) or not spec.writes_argument(i):
            continue
        if not a.flags.writeable:
            raise ArgumentError("%s: argument %d ('%s') is a read-only array, and %s writes it "
                                "in place" % (name, i + 1, spec.param_name(i), name))
        if isinstance(keep[i], np.ndarray) and keep[i] is not a and \
                raws[i].data != (a.ctypes.data if a.size else None):
            back.append((a, keep[i]))
    return back


def _converted(e):
    """The C path's RuntimeError(status, message) as arrayc's exception."""
    if len(e.args) == 2 and isinstance(e.args[0], int):
        status, message = e.args
        return error_for(status, message)
    return e


def _sharded_context(target, _devices={}):
    """The context of a sharded function: on cuda the GPU of this process's
    local rank (one process per GPU: arrayc launch, mpirun, torchrun), as
    the runtime's join picks it, whatever the thread's current device."""
    device = _devices.get(target)
    if device is None:
        device = _devices[target] = \
            local_rank() if target != "cpu" and cuda_device_count() > 0 else -1
    return get_context(target, device if device >= 0 else None)


class JitFunction:
    """What @arrayc.jit returns: call it like the Python function."""

    def __init__(self, fn, target=None, tf32=False, fp16=False, bf16=False, mesh=None,
                 shard=None):
        if fp16 and bf16:
            raise ValueError("arrayc.jit: fp16 and bf16 exclude each other")
        self.__wrapped__ = fn
        self.__name__ = getattr(fn, "__name__", "function")
        self.__doc__ = getattr(fn, "__doc__", None)
        self._src = _Source(fn)
        # mesh/shard: the function runs SPMD over a mesh of processes, its
        # parameters split as `shard` says (_shard.py); checked now.
        self._sharding = None
        if mesh is not None or shard is not None:
            self._sharding = Sharding("arrayc.jit: " + self.__name__, self.__name__, mesh,
                                      shard, list(self._src.params))
        self._target = target
        self._tf32, self._fp16, self._bf16 = tf32, fp16, bf16
        self._lock = threading.Lock()
        self._specs = {}  # (target, device, dtypes, size pattern) -> _Spec
        self._seen = {}   # (context, exact dtypes and shapes) -> _Spec
        self._fast_seen = {}  # the same for the C path: key bytes -> _Spec.entry()
        self._hidden = None   # the module arrays it reads (names), at the first call
        self._variants = {}   # constant arguments -> JitFunction with them bound


    def _compile(self, ctx, codes, shapes, alias=None, weak=None):
        sharding = self._sharding
        anns = []
        for i, (annotated, code, dims) in enumerate(zip(self._src.annotated, codes,
                                                        _dims(shapes, self._src.declared))):
            if annotated:
                anns.append(None)
            elif weak and weak[i]:
                anns.append(weak[i])
            else:
                t = DTYPE_NAMES[code]
                anns.append(t if not dims else "%s[%s]" % (t, ", ".join(dims)))
        entry = None
        if sharding is not None:
            # Sharded: a caller with every size a literal (the shard pass
            # splits calls on static shapes) of the body as written
            # (specialize's `entry`).
            nodes = self._src.arg_nodes()
            entry, sizes = [], {}
            for i, (annotated, code, shape) in enumerate(zip(self._src.annotated, codes, shapes)):
                if annotated:
                    entry.append(_literal_annotation(self.__name__, nodes[i], shape, sizes))
                elif weak and weak[i]:
                    entry.append(weak[i])
                else:
                    t = DTYPE_NAMES[code]
                    entry.append(t if not shape else "%s[%s]" % (t, ", ".join(map(str, shape))))
        source = self._src.specialize(anns, alias, entry=entry).encode()
        opts = C.CompileOptions()
        C.lib.arrayc_compile_options_init(ctypes.byref(opts))
        opts.name = self._src.file.encode()
        opts.tf32 = int(self._tf32)
        opts.precision = b"f16" if self._fp16 else b"bf16" if self._bf16 else None
        if sharding is not None:
            # The parameters as compiled: those bound to constants or to an
            # alias are not (their splits are dropped).
            keep = [i for i in range(len(shapes)) if alias is None or alias[i] == i]
            text = sharding.spec_text(self._src.name + "__entry",
                                      [self._src.params[i] for i in keep],
                                      [len(shapes[i]) for i in keep])
            if text:
                sharding.check_world(ctx.target == "cuda")
                opts.mesh = sharding.mesh_text.encode()
                opts.shard = text.encode()
        module = ctypes.c_void_p()
        check(C.lib.arrayc_compile(ctx._h, source, len(source), ctypes.byref(opts),
                                   ctypes.byref(module)))
        fn = ctypes.c_void_p()
        status = C.lib.arrayc_module_lookup(module, self._src.name.encode(), ctypes.byref(fn))
        if status != C.OK:
            C.lib.arrayc_module_release(module)
            check(status)
        return _Spec(module, fn, ctx, keep=None if alias is None else
                     tuple(i for i, j in enumerate(alias) if i == j),
                     nargs=len(codes))

    def __call__(self, *args, **kwargs):
        if self._hidden is None:
            self._find_module_arrays()
        npos = len(args)
        if kwargs or len(args) < len(self._own):
            # Keywords and defaults, bound as Python binds them.
            try:
                bound = self._src.signature.bind(*args, **kwargs)
            except TypeError as e:
                raise ArgumentError("%s() takes %d arguments (%s): %s" % (
                    self.__name__, len(self._own), ", ".join(self._own),
                    e)) from None
            bound.apply_defaults()
            args = bound.args
        if self._variants is not None and \
                any(a is None or type(a) is tuple or (i >= npos and type(a) in (bool, int))
                    for i, a in enumerate(args)):
            return self._with_constants(args, npos)
        if self._hidden:
            args = tuple(args) + self._module_values()
        if self._sharding is None:
            ctx = get_context(self._target)
        else:
            ctx = _sharded_context(self._target)
        if ctx.target == "cuda":
            streams = _local.streams
            stream = streams[-1] if streams else None
            if stream is not None and self._sharding is not None and \
                    getattr(stream, "_ctx", ctx) is not ctx:
                stream = None  # another device's stream: the rank's GPU's own
            device, ptr = ctx.device, (stream.ptr or 0) if stream is not None else 0
        else:
            stream, device, ptr = None, -1, 0
        if _fast is not None:
            # The C path: views, the lookup of a specialization seen before
            # (by context, dtypes and shapes), the call and the results.
            try:
                out = _fast.dispatch(self._fast_seen, ctx, args, device, ptr)
            except RuntimeError as e:
                raise _converted(e) from None
            if type(out) is bytes:  # a new key: compile (or find) its specialization
                self._check_count(args)
                packed = _fast.views(args, device)
                size = ctypes.sizeof(C.Array)
                raws = [C.Array.from_buffer_copy(packed, i * size) for i in range(len(args))]
                spec = self._specialization(ctx, raws,
                                            _alias_pattern([_identity(r) for r in raws]))
                entry = spec.entry()
                if len(self._fast_seen) < 4096:
                    self._fast_seen[out] = entry
                try:
                    out = _fast.call(entry, args, device, ptr)
                except RuntimeError as e:
                    raise _converted(e) from None
            if out is not NotImplemented:
                return out
        self._check_count(args)
        raws, keep = [], []
        for a in args:
            raw, k = _argument(a, ctx, self.__name__)
            raws.append(raw)
            keep.append(k)
        # The hot path: the exact dtypes, shapes and aliases seen before.
        alias = _alias_pattern(_identities(args, raws, keep))
        weak = tuple(_python_scalar(a, r) for a, r in zip(args, raws))
        key = (ctx, tuple((r.dtype, tuple(r.shape[:r.rank])) for r in raws), alias, weak)
        spec = self._seen.get(key)
        if spec is None:
            spec = self._specialization(ctx, raws, alias, weak)
            if len(self._seen) < 4096:
                self._seen[key] = spec
        back = _host_arguments(args, raws, keep, spec, self.__name__)
        out = spec.call(raws, stream.ptr if stream is not None else None)
        for original, copy in back:
            np.copyto(original, copy)
        return out

    def _find_module_arrays(self):
        """The module arrays the function reads (by the globals at its first
        call): hidden parameters after its own."""
        self._own = list(self._src.params)
        self._hidden = _module_arrays(self.__wrapped__, self._src.fdef)
        if self._hidden:
            self._src.with_hidden(self._hidden)

    def _module_values(self):
        """The arrays the module's globals hold now, for the hidden parameters
        (a rebinding of the global is seen at the next call)."""
        g = self.__wrapped__.__globals__
        out = []
        for n in self._hidden:
            v = g.get(n)
            if isinstance(v, np.generic):
                v = np.asarray(v)
            if not isinstance(v, np.ndarray):
                raise ArgumentError("arrayc.jit: %s reads the module-level array '%s', "
                                    "which is now %s" % (self.__name__, n, type(v).__name__))
            out.append(v)
        return tuple(out)

    def _with_constants(self, args, npos):
        """The call with None, tuple (and, given by keyword or by default, int
        and bool) arguments bound in the compiled source: one variant per
        distinct set of such values."""
        consts = {}
        for i, a in enumerate(args):
            text = _constant_argument(a, i >= npos)
            if text is not None:
                consts[i] = text
        key = tuple(sorted(consts.items()))
        with self._lock:
            v = self._variants.get(key)
            if v is None:
                if len(self._variants) >= 64:
                    raise ArgumentError(
                        "arrayc.jit: %s is called with more than 64 different constant "
                        "arguments (None, tuples, ints and bools given by keyword)" %
                        self.__name__)
                v = copy.copy(self)
                v._src = self._src.with_constants(consts)
                v._own = [p for i, p in enumerate(self._own) if i not in consts]
                v._lock = threading.Lock()
                v._specs, v._seen, v._fast_seen = {}, {}, {}
                v._variants = None
                self._variants[key] = v
        return v(*[a for i, a in enumerate(args) if i not in consts])

    def _check_count(self, args):
        if len(args) != len(self._src.params):
            raise ArgumentError("%s() takes %d arguments (%s), %d given" % (
                self.__name__, len(self._own), ", ".join(self._own),
                len(args) - len(self._hidden)))

    def _specialization(self, ctx, raws, alias, weak=None):
        """The compiled specialization for these dtypes, size pattern,
        aliases (_alias_pattern) and Python numbers (`weak`: _python_scalar
        of each argument, None for none). The same array passed for two parameters
        matters only where the function writes one of them: then the
        specialization binds the later parameter to the earlier (`y = x`), so
        a write through either name is seen through both, as in NumPy;
        otherwise the plain specialization serves."""
        codes = tuple(r.dtype for r in raws)
        shapes = tuple(tuple(r.shape[:r.rank]) for r in raws)
        weak = weak if weak and any(weak) else None
        # A Python number's dtype is keyed with its kind: weak f64 is not f64.
        kinds = codes if weak is None else tuple(zip(codes, weak))
        # Sharded: one specialization per exact shape (the shard pass needs them).
        key = (ctx.target, ctx.device, kinds, shapes if self._sharding is not None
               else tuple(_dims(shapes, self._src.declared)))
        with self._lock:
            spec = self._specs.get(key)
            if spec is None:
                spec = self._specs[key] = self._compile(ctx, codes, shapes, weak=weak)
            if alias == tuple(range(len(raws))):
                return spec
            if not any(spec.written[i] or spec.written[j] for i, j in enumerate(alias)
                       if i != j):
                return spec
            akey = key + (alias,)
            aliased = self._specs.get(akey)
            if aliased is None:
                aliased = self._specs[akey] = self._compile(ctx, codes, shapes, alias, weak)
            return aliased

    def __repr__(self):
        return "<arrayc.jit %s>" % self.__name__


class _Spec:
    """One compiled specialization. `keep`: the arguments it takes (by index
    in the call), None for all; a specialization for aliased arguments
    takes the first of each group of the same array (the others are bound to
    it in its source)."""

    def __init__(self, module, fn, ctx, owns_module=True, keep=None, nargs=None):
        # `module` is released with the specialization when it owns it (a
        # Module's functions share the Module's handle instead).
        self.module = module if owns_module else None
        self.fn, self.ctx = fn, ctx
        self.nparams = C.lib.arrayc_function_num_params(fn)
        self.nres = C.lib.arrayc_function_num_results(fn)
        self.ResArray = C.Array * max(self.nres, 1)
        self.keep = keep
        info = C.ValueInfo()
        names, written = [], []
        for i in range(self.nparams):
            check(C.lib.arrayc_function_param(fn, i, ctypes.byref(info)))
            names.append(info.name.decode())
            written.append(bool(info.written))
        # The parameter of each of the call's arguments: None for one dropped
        # for an alias (the argument it is bound to is the same array, and is
        # checked and copied back in its place).
        self.names, self.written = names, written
        if keep is not None:
            by_param = dict(zip(keep, range(len(keep))))
            self.arg_param = [by_param.get(i) for i in range(nargs)]
        else:
            self.arg_param = list(range(self.nparams))

    def __del__(self):
        if C is not None and C.lib is not None and getattr(self, "module", None):
            C.lib.arrayc_module_release(self.module)

    def writes_argument(self, i):
        p = self.arg_param[i] if i < len(self.arg_param) else None
        return p is not None and self.written[p]

    def param_name(self, i):
        p = self.arg_param[i] if i < len(self.arg_param) else None
        return self.names[p] if p is not None else "?"

    def entry(self):
        """What the C path calls: (function address, result count, context,
        the arguments passed (None: all), the mask of written parameters)."""
        mask = 0
        for i, w in enumerate(self.written):
            mask |= int(w) << i
        return (self.fn.value, self.nres, self.ctx, self.keep, mask)

    def call(self, raws, stream=None):
        if self.keep is not None:
            raws = [raws[i] for i in self.keep]
        # The call's own count: the C API reports a count that differs.
        args = (C.Array * max(len(raws), 1))(*raws)
        res = self.ResArray()
        check(C.lib.arrayc_call_on(self.fn, stream, args, len(raws), res, self.nres))
        out = [ndarray(res[i], self.ctx) for i in range(self.nres)]
        if self.nres == 0:
            return None
        return out[0] if self.nres == 1 else tuple(out)


def jit(fn=None, *, target=None, tf32=False, fp16=False, bf16=False, mesh=None, shard=None):
    """Compile `fn` (written in the arrayc language, see docs/language.md) on
    its first call per argument types. target: None (cuda when a GPU is usable,
    else cpu), "cpu" or "cuda"; tf32/fp16/bf16: as arrayc's --tf32/--fp16/--bf16.
    mesh/shard: a sharded function (docs/python.md#sharded-functions): mesh=N
    processes (or a tuple, mesh=(2, 2)); shard={parameter: dimension, or a
    PartitionSpec-like tuple of mesh axes per dimension}."""
    if fn is None:
        return lambda f: JitFunction(f, target, tf32, fp16, bf16, mesh, shard)
    return JitFunction(fn, target, tf32, fp16, bf16, mesh, shard)


class Module:
    """`.arr` source compiled as written (`arrayc.compile`): its exported
    functions are attributes, called on arrays as @arrayc.jit functions are."""

    def __init__(self, source, name="<source>", target=None, tf32=False, fp16=False,
                 bf16=False, fusion=True, mesh=None, shard=None):
        if not isinstance(source, str):
            raise TypeError("arrayc.compile: the source must be a str, not %s" %
                            type(source).__name__)
        sharded = _module_sharding(source, mesh, shard)
        self._ctx = ctx = get_context(target) if sharded is None else _sharded_context(target)
        opts = C.CompileOptions()
        C.lib.arrayc_compile_options_init(ctypes.byref(opts))
        opts.name = name.encode()
        opts.tf32 = int(tf32)
        opts.fusion = int(fusion)
        opts.precision = b"f16" if fp16 else b"bf16" if bf16 else None
        if sharded is not None:
            shardings, text = sharded
            if text:
                shardings[0].check_world(ctx.target == "cuda")
                opts.mesh = shardings[0].mesh_text.encode()
                opts.shard = text.encode()
        handle = ctypes.c_void_p()
        data = source.encode()
        check(C.lib.arrayc_compile(ctx._h, data, len(data), ctypes.byref(opts),
                                   ctypes.byref(handle)))
        self._h = handle
        self._functions = {}
        for i in range(C.lib.arrayc_module_num_functions(handle)):
            fn = C.lib.arrayc_module_function(handle, i)
            fname = C.lib.arrayc_function_name(fn).decode()
            self._functions[fname] = Function(self, fname, ctypes.c_void_p(fn))

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h and C is not None and C.lib is not None:
            C.lib.arrayc_module_release(h)

    def __getattr__(self, name):
        try:
            return self.__dict__["_functions"][name]
        except KeyError:
            raise AttributeError("the module has no exported function %r (it has: %s)" % (
                name, ", ".join(self.__dict__.get("_functions", {})) or "none")) from None

    def __getitem__(self, name):
        return getattr(self, name)

    def functions(self):
        return list(self._functions)


def _module_sharding(source, mesh, shard):
    """arrayc.compile's mesh/shard: None without them, else ([Sharding] per
    function, the C API's shard text). `shard` maps a function's name to its
    parameters' splits as @arrayc.jit's shard= does; parameter names, ranks
    and negative dimensions are read from the source's annotations."""
    if mesh is None and shard is None:
        return None
    if shard is not None and (not isinstance(shard, dict) or not shard or
                              not all(isinstance(v, dict) for v in shard.values())):
        raise ValueError("arrayc.compile: shard maps each function's name to its "
                         "parameters' splits, e.g. shard={'dot': {'a': 0, 'b': 0}}, not %r"
                         % (shard,))
    try:
        defs = {d.name: d for d in ast.parse(source).body if isinstance(d, ast.FunctionDef)}
    except SyntaxError:
        defs = None
    if mesh is None or shard is None:
        Sharding("arrayc.compile", None, mesh, shard, None)  # raises: both or neither
    shardings, texts = [], []
    for func, splits in shard.items():
        d = defs.get(func) if defs is not None else None
        if defs is not None and d is None:
            raise ValueError("arrayc.compile: shard names %r, which is not a function of the "
                             "source (its functions: %s)" % (func, ", ".join(defs) or "none"))
        params = [a.arg for a in d.args.args] if d is not None else None
        sharding = Sharding("arrayc.compile: " + func, func, mesh, splits, params)
        ranks = None if d is None else [
            None if a.annotation is None else len(_annotation_dims(a.annotation))
            for a in d.args.args]
        shardings.append(sharding)
        texts.append(sharding.spec_text(func, params or [], ranks))
    return shardings, ",".join(t for t in texts if t)


class Function:
    """An exported function of a Module."""

    def __init__(self, module, name, handle):
        self._module = module  # keeps the code alive
        self.__name__ = name
        self._spec = _Spec(module._h, handle, module._ctx, owns_module=False)
        self._entry = self._spec.entry()

    def __call__(self, *args):
        ctx = self._module._ctx
        stream = current_stream() if ctx.target == "cuda" else None
        if _fast is not None:
            try:
                out = _fast.call(self._entry, args, ctx.device if ctx.target == "cuda" else -1,
                                 (stream.ptr or 0) if stream is not None else 0)
            except RuntimeError as e:
                raise _converted(e) from None
            if out is not NotImplemented:
                return out
        raws, keep = [], []
        for a in args:
            raw, k = _argument(a, ctx, self.__name__)
            raws.append(raw)
            keep.append(k)
        back = _host_arguments(args, raws, keep, self._spec, self.__name__) \
            if len(args) == self._spec.nparams else []
        out = self._spec.call(raws, stream.ptr if stream is not None else None)
        for original, copy in back:
            np.copyto(original, copy)
        return out


def compile(source, name="<source>", target=None, tf32=False, fp16=False, bf16=False,
            fusion=True, mesh=None, shard=None):
    """Compiles `.arr` source (functions with annotated signatures, as for the
    `arrayc` command) into a Module whose exported functions Python calls.
    fusion=False: as arrayc's --no-fusion (one kernel or loop nest per op).
    mesh/shard: sharded functions (docs/python.md#sharded-functions): mesh=N
    or (A, B); shard={function: {parameter: split}} as @arrayc.jit's."""
    return Module(source, name, target, tf32, fp16, bf16, fusion, mesh, shard)
