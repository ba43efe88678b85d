"""The systems of the applications benchmark and how each one runs a program.

Every system gets the program's NumPy function (or, for jax.jit, its rewrite
when the program has one) and the program's inputs: `prepare` makes the
callable, `put` stages the inputs on its device once, `fresh` copies them there
for each call (programs update their arguments), `sync` waits for the device
and `host` brings one result back as a NumPy array. run.py times them all the
same way.
"""
import os
import re
import sys
import types

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def rebind(f, module):
    """f with `np` bound to `module` (cupy, jax.numpy): a new function over the
    same code, as a CuPy user runs NumPy code. Functions of f's module that f
    calls (its helpers) are rebound too, through the same globals."""
    g = dict(f.__globals__)
    g["np"] = module
    for name, v in list(g.items()):
        if isinstance(v, types.FunctionType) and v.__globals__ is f.__globals__:
            g[name] = types.FunctionType(v.__code__, g, v.__name__, v.__defaults__,
                                         v.__closure__)
    return g[f.__name__] if f.__name__ in g else types.FunctionType(
        f.__code__, g, f.__name__, f.__defaults__, f.__closure__)


def is_array(a):
    return isinstance(a, np.ndarray)


class System:
    """One way of running a program. Subclasses set name and fill the hooks."""
    name = "?"

    def prepare(self, prog, args):
        """The callable for program `prog` (a module of bench/apps/programs) on
        inputs like `args`."""
        raise NotImplementedError

    # Whether results must have NumPy's dtypes: the systems that run the
    # NumPy source with NumPy's rules (the rewrites choose their own).
    numpy_dtypes = True

    def put(self, args):
        """Device copies of the host inputs `args` (scalars pass through)."""
        return [a.copy() if is_array(a) else a for a in args]

    def fresh(self, staged):
        """Copies of the arrays put() staged, for one call (device to device)."""
        return [x.copy() if hasattr(x, "shape") else x for x in staged]

    def sync(self, out):
        pass

    def host(self, x):
        return np.asarray(x)

    def note(self, results):
        """What the table should say about a run that worked (e.g. results
        left on the host), or None."""
        return None

    def written(self, dargs, prog):
        """The arguments the program updates in place, as they are after a call."""
        return [dargs[i] for i in getattr(prog, "WRITES", ())]

    def error(self, stage, e):
        """The record's error for exception `e` raised in `stage` of the run."""
        return "%s: %s: %s" % (stage, type(e).__name__, str(e).strip()[:400])


class NumPy(System):
    name = "numpy"

    def prepare(self, prog, args):
        return prog.KERNEL


class Arrayc(System):
    """@arrayc.jit of the NumPy function: on CuPy arrays (cuda), or on NumPy
    arrays (cpu, the dry run)."""
    name = "arrayc"

    def __init__(self, target, cupy=None):
        import arrayc
        self.arrayc, self.target, self.cp = arrayc, target, cupy
        self.version = arrayc.__version__

    def prepare(self, prog, args):
        return self.arrayc.jit(prog.KERNEL, target=self.target)

    def put(self, args):
        if self.target == "cuda":
            return [self.cp.asarray(a) if is_array(a) else a for a in args]
        return super().put(args)

    def sync(self, out):
        if self.target == "cuda":
            self.arrayc.get_context("cuda").synchronize()
            self.cp.cuda.Device().synchronize()

    def host(self, x):
        if isinstance(x, self.arrayc.ndarray):
            return self.arrayc.asnumpy(x)
        if self.cp is not None and isinstance(x, self.cp.ndarray):
            return self.cp.asnumpy(x)
        return np.asarray(x)


class CuPy(System):
    """The NumPy function with `np` bound to cupy, on CuPy arrays."""
    name = "cupy"

    def __init__(self):
        import cupy
        self.cp = cupy
        self.version = cupy.__version__

    def prepare(self, prog, args):
        return rebind(prog.KERNEL, self.cp)

    def put(self, args):
        return [self.cp.asarray(a) if is_array(a) else a for a in args]

    def sync(self, out):
        self.cp.cuda.Device().synchronize()

    def host(self, x):
        if isinstance(x, self.cp.ndarray):
            return self.cp.asnumpy(x)
        return np.asarray(x)


class Jax(System):
    """jax.jit of the program's jax rewrite (`jax_kernel(jnp, lax)`, returning
    the results and then the updated arguments), else of the NumPy function
    with `np` bound to jax.numpy. Python scalars are static arguments."""
    name = "jax_jit"

    def __init__(self):
        # Share the GPU with CuPy, arrayc and torch (JAX takes 75% up front).
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        import jax
        jax.config.update("jax_enable_x64", True)  # f64 programs stay f64
        # f32 products in f32, as the other systems compute them (not TF32).
        jax.config.update("jax_default_matmul_precision", "highest")
        import jax.numpy as jnp
        from jax import lax
        self.jax, self.jnp, self.lax = jax, jnp, lax
        self.version = jax.__version__

    def prepare(self, prog, args):
        if hasattr(prog, "jax_kernel"):
            f = prog.jax_kernel(self.jnp, self.lax)
        elif getattr(prog, "WRITES", ()):
            raise NotImplementedError("updates its arguments in place and has no jax rewrite")
        else:
            f = rebind(prog.KERNEL, self.jnp)
        if getattr(f, "jitted", False):  # the rewrite jits its own parts
            return f
        static = [i for i, a in enumerate(args) if not is_array(a)]
        return self.jax.jit(f, static_argnums=static)

    numpy_dtypes = False

    def put(self, args):
        return [self.jax.device_put(a) if is_array(a) else a for a in args]

    def fresh(self, staged):
        return list(staged)  # jax arrays are immutable

    def sync(self, out):
        self.jax.block_until_ready(out)

    def written(self, dargs, prog):
        return []  # the rewrite returns them with its results

    def host(self, x):
        return np.asarray(x)


class TorchCompile(System):
    """torch.compile of the program's torch rewrite (`torch_kernel(torch)`, on
    CUDA tensors, updating the WRITES arguments in place like the NumPy
    function), else of the NumPy source as PyTorch documents it:
    torch.compile(torch.compiler.wrap_numpy(f), fullgraph=True) called on CUDA
    tensors. Not under `with torch.device("cuda")`, which the documentation
    adds so that the arrays f creates are on the GPU too: in torch 2.11 any
    default-device context (that one, torch.set_default_device) makes the
    tracing of NumPy code fail ("'ndarray' object has no attribute 'mul'",
    pytorch/pytorch#140884, #156162). So the arrays the NumPy source creates
    are CPU tensors; programs that mix them with the inputs have a torch
    rewrite."""
    name = "torch_compile"

    def __init__(self):
        import torch
        self.torch = torch
        self.version = torch.__version__
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False

    def prepare(self, prog, args):
        torch = self.torch
        # Every program's compile from an empty cache: the NumPy sources all
        # run through wrap_numpy's one wrapper (one code object), whose cache
        # would otherwise fill up (the recompile limit) after eight programs.
        torch._dynamo.reset()
        if hasattr(prog, "torch_kernel"):
            f = prog.torch_kernel(torch)
            if getattr(f, "compiled", False):  # the rewrite compiles its own parts
                return f
            return torch.compile(f, fullgraph=True)
        return torch.compile(torch.compiler.wrap_numpy(prog.KERNEL), fullgraph=True)

    numpy_dtypes = False

    def put(self, args):
        torch = self.torch
        return [torch.from_numpy(a.copy()).to("cuda") if is_array(a) else a for a in args]

    def fresh(self, staged):
        return [x.clone() if isinstance(x, self.torch.Tensor) else x for x in staged]

    def sync(self, out):
        self.torch.cuda.synchronize()

    def host(self, x):
        if isinstance(x, self.torch.Tensor):
            return x.detach().cpu().numpy()
        return np.asarray(x)

    def note(self, results):
        cpu = [i for i, x in enumerate(results)
               if isinstance(x, self.torch.Tensor) and x.device.type != "cuda"]
        if cpu:
            return ("result%s %s on the host: arrays the NumPy source creates are CPU tensors "
                    "under torch.compile (systems.TorchCompile)" % (
                        "s" * (len(cpu) > 1), ", ".join(map(str, cpu))))
        return None


class Numba(System):
    """numba.njit of the NumPy function, on NumPy arrays (the cpu run). The
    functions of the kernel's module (its helpers) are njit'ed too, bound in a
    copy of its globals as `rebind` binds `np` (a plain Python helper cannot be
    called from nopython code). Numba compiles on the first call (the
    first-call time, as arrayc's); a program it cannot compile is recorded as
    "rejected by numba: ..." (`error`)."""
    name = "numba"
    parallel = False

    def __init__(self):
        import numba
        self.numba = numba
        self.version = numba.__version__
        if self.parallel:
            self.version += " (%d threads)" % numba.config.NUMBA_NUM_THREADS
        self.dispatcher = None

    def prepare(self, prog, args):
        import warnings
        from numba.core.errors import NumbaPerformanceWarning
        # parallel=True on a function with nothing to parallelize warns at
        # each compile; the run's log is no place for it.
        warnings.filterwarnings("ignore", category=NumbaPerformanceWarning)
        f = prog.KERNEL
        g = dict(f.__globals__)

        def jit(v):
            return self.numba.njit(types.FunctionType(v.__code__, g, v.__name__, v.__defaults__,
                                                      v.__closure__), parallel=self.parallel)
        for name, v in list(g.items()):
            if isinstance(v, types.FunctionType) and v.__globals__ is f.__globals__:
                g[name] = jit(v)
        self.dispatcher = g.get(f.__name__) if f.__globals__.get(f.__name__) is f else jit(f)
        return self.dispatcher

    def error(self, stage, e):
        """The record's error for exception `e` raised in `stage`: before the
        first call has compiled (no signature), Numba rejected the program."""
        d = self.dispatcher
        if stage in ("compile", "first call") and (d is None or not d.signatures):
            return "rejected by numba: " + first_line(e)
        return super().error(stage, e)


class NumbaParallel(Numba):
    """numba.njit(parallel=True): array expressions and reductions run on all
    cores (NUMBA_NUM_THREADS); the programs' loops are `range`, not `prange`."""
    name = "numba_parallel"
    parallel = True


def first_line(e):
    """One line of what Numba says went wrong: the first line of the message
    that is not one of its headers ("Failed in nopython mode pipeline",
    "Resolution failure for literal arguments": then the callee comes first);
    for "No implementation of function ... found for signature" the signature
    and the first candidate's specific error instead; then the innermost place
    in the program's source (terminal colours and object addresses taken out)."""
    text = re.sub(r"\x1b\[[0-9;]*m| at 0x[0-9a-f]+", "", str(e))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    header = re.compile(r"(\w+: )?Failed in .* pipeline|- Resolution failure for")
    what = next((ln for ln in lines if not header.match(ln)), "")
    callee = next((ln[len("During: resolving callee type:"):].strip() for ln in lines
                   if ln.startswith("During: resolving callee type:")), None)
    if callee and any(ln.startswith("- Resolution failure") for ln in lines):
        what = "%s: %s" % (re.sub(r"^BoundFunction\((.*)\)$", r"\1", callee), what)
    if what.startswith("No implementation of function"):
        sig = next((ln[3:].strip() for ln in lines if ln.startswith(">>>")), None)
        if sig:
            what = "no implementation of " + sig
        for k, ln in enumerate(lines[:-1]):
            if ln.startswith("Rejected as the implementation raised a specific error"):
                if not header.match(lines[k + 1]):
                    what += ": " + lines[k + 1]
                break
    where = [m.groups() for m in re.finditer(r'File "([^"]+)", line (\d+)', text)
             if "numba/" not in m.group(1)]
    if where:
        what += " (%s:%s)" % (os.path.basename(where[0][0]), where[0][1])
    return "%s: %s" % (type(e).__name__, what[:400])


def cpu_systems(log):
    """The host's systems besides NumPy: arrayc (cpu target), Numba's njit and
    njit(parallel=True), each only if it imports."""
    out = []
    try:
        out.append(Arrayc("cpu"))
    except Exception as e:  # noqa: BLE001
        log("arrayc unavailable: %r" % e)
    for cls in (Numba, NumbaParallel):
        try:
            out.append(cls())
        except Exception as e:  # noqa: BLE001
            log("%s unavailable (left out): %r" % (cls.name, e))
    return out


def gpu_systems(log):
    """The device's systems, each only if it imports; arrayc needs CuPy."""
    out = []
    cupy = None
    try:
        cupy = CuPy()
        out.append(cupy)
    except Exception as e:  # noqa: BLE001
        log("cupy unavailable: %r" % e)
    try:
        if cupy is None:
            raise RuntimeError("arrayc's cuda run takes CuPy arrays: no CuPy")
        out.insert(0, Arrayc("cuda", cupy.cp))
    except Exception as e:  # noqa: BLE001
        log("arrayc unavailable: %r" % e)
    for cls in (Jax, TorchCompile):
        try:
            out.append(cls())
        except Exception as e:  # noqa: BLE001
            log("%s unavailable: %r" % (cls.name, e))
    return out


def import_arrayc_path():
    """Makes `import arrayc` find python-frontend when it is not installed."""
    try:
        import arrayc  # noqa: F401
    except ImportError:
        sys.path.insert(0, os.path.join(ROOT, "python-frontend"))


def free_memory(systems):
    """Gives the memory pools' cached blocks back between systems, so that one
    system's cache does not crowd the next one's program out of the GPU."""
    import gc
    gc.collect()
    for s in systems:
        try:
            if isinstance(s, CuPy):
                s.cp.get_default_memory_pool().free_all_blocks()
            elif isinstance(s, Arrayc) and s.target == "cuda":
                s.arrayc.get_default_memory_pool().free_all_blocks()
            elif isinstance(s, TorchCompile):
                s.torch.cuda.empty_cache()
        except Exception:  # noqa: BLE001  (a pool without the call keeps its cache)
            pass
