#!/usr/bin/env bash
# Sets up and builds, then compiles and runs examples/sqdiff.arr (JIT and AOT)
# on fresh random data and checks its output against NumPy's.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
/usr/bin/python3 - <<'PY'
import numpy as np
rng = np.random.default_rng()
np.save("x.npy", rng.standard_normal(1_000_000).astype(np.float32))
np.save("y.npy", rng.standard_normal(1_000_000).astype(np.float32))
PY
echo "== arrayc run examples/sqdiff.arr"
"$root/build/bin/arrayc" run "$root/examples/sqdiff.arr"
echo "== arrayc examples/sqdiff.arr -o sqdiff && ./sqdiff"
"$root/build/bin/arrayc" "$root/examples/sqdiff.arr" -o sqdiff
./sqdiff
/usr/bin/python3 - <<'PY'
import numpy as np
x = np.load("x.npy").astype(np.float64); y = np.load("y.npy").astype(np.float64)
ref = (x - y) * (x - y)
out = np.load("sqdiff.npy")
err = np.linalg.norm(out - ref) / np.linalg.norm(ref)
print(f"== sqdiff.npy vs NumPy (float64): relative error {err:.2e}")
assert out.dtype == np.float32 and out.shape == ref.shape and err < 1e-6, "mismatch"
print("OK")
PY
