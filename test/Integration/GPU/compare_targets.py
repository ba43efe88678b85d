#!/usr/bin/env python3
"""Compares the .npy files two runs of one program wrote (cpu and cuda target).

Files named exact_* must be equal bit for bit; other floats within `--rtol` of each
other (relative to the largest magnitude), integers and booleans exactly. Exit 1 with
one line per difference."""
import argparse
import os
import sys

import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument("a")
ap.add_argument("b")
ap.add_argument("--rtol", type=float, default=1e-12)
args = ap.parse_args()
names = sorted(f for f in os.listdir(args.a) if f.endswith(".npy"))
bad = 0
if not names:
    print(f"no .npy files in {args.a}")
    sys.exit(1)
for f in names:
    x = np.load(os.path.join(args.a, f))
    path = os.path.join(args.b, f)
    if not os.path.exists(path):
        print(f"{f}: missing in {args.b}")
        bad += 1
        continue
    y = np.load(path)
    if x.shape != y.shape or x.dtype != y.dtype:
        print(f"{f}: {x.dtype}{x.shape} vs {y.dtype}{y.shape}")
        bad += 1
    elif f.startswith("exact_") or not np.issubdtype(x.dtype, np.floating):
        if x.tobytes() != y.tobytes():
            print(f"{f}: {int(np.sum(x != y))} of {x.size} elements differ")
            bad += 1
    else:
        err = float(np.max(np.abs(x - y)) / max(float(np.max(np.abs(x))), 1e-300))
        if err > args.rtol:
            print(f"{f}: relative difference {err:.3g} > {args.rtol:g}")
            bad += 1
print(f"{len(names) - bad} of {len(names)} outputs the same on both targets")
sys.exit(1 if bad else 0)
