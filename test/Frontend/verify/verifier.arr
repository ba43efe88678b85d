# The verifier itself: a missing and an unexpected diagnostic both fail with
# the location of each, and a part without the expected error fails too.
# RUN: not arrayc --verify-diagnostics --split-input-file --emit=ndarray %s 2>&1 | FileCheck %s
# RUN: not arrayc --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT
# RUN: not arrayc --verify-diagnostics run %s 2>&1 | FileCheck %s --check-prefix=JIT

def f(x: f32[n]) -> f32[n]:
    return np.sqrt(x, x)

# CHECK: verifier.arr:1 offset :8:23: error: unexpected error: np.sqrt() takes at most 1 positional argument(s) but 2 were given

# -----

def g(x: f32[n]) -> f32[n]:
    # expected-error@+1 {{no such error}}
    return x + 1.0

# CHECK: verifier.arr:12 offset :4:7: error: expected error "no such error" was not produced

# SPLIT: error: --split-input-file needs --verify-diagnostics
# JIT: error: --verify-diagnostics checks a compile: it does not combine with `run`
