"""The programs of the applications benchmark, one module each (bench/README.md).

A module holds the NumPy function as a NumPy user writes it and:
  KERNEL              that function (helpers it calls live beside it)
  inputs(rng)         its arguments at the benchmark's size (NumPy arrays, Python scalars)
  small_inputs(rng)   the same at a small size (--dry-run)
  WRITES              indices of the arguments it updates in place that are
                      results too (compared after the first call); default ()
  jax_kernel(jnp, lax)  optional: the idiomatic jax.numpy rewrite, returning the
                      results and then the WRITES arguments' new values; without
                      it jax.jit runs the NumPy source with np bound to jax.numpy
  torch_kernel(torch) optional: the torch rewrite that torch.compile runs instead
                      of the NumPy source (on CUDA tensors; results as KERNEL's,
                      the WRITES arguments updated in place), where tracing the
                      NumPy source fails (systems.TorchCompile says why); it is
                      compiled with fullgraph=True, unless it sets `.compiled`
                      (it compiles its own parts, the data-dependent loop in Python)
  TOL                 optional {dtype name: relative L2 tolerance}
  SKIP                optional {system: why it is not run}
Modules whose names start with `_` hold what several programs share (run.py puts
this folder on sys.path); they are not programs.
"""
