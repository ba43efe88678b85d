#!/usr/bin/env python3
"""Regenerates the lists in docs/numpy-compatibility.md from the registry.

The names come from `arrayc builtins` (lib/Frontend/Builtins.def, Methods.def,
ModuleFunctions.def); the prose around them is written by hand. Each list sits
between `<!-- BEGIN GENERATED: <module> -->` and `<!-- END GENERATED -->`.

  scripts/numpy-compat.py --arrayc build/bin/arrayc docs/numpy-compatibility.md
  scripts/numpy-compat.py --arrayc build/bin/arrayc --check docs/numpy-compatibility.md

--check rewrites nothing: it exits 1 and names the lists that are out of date
(a test runs it, so the page cannot fall behind the compiler).
"""
import argparse
import collections
import re
import subprocess
import sys

BLOCK = re.compile(r"(<!-- BEGIN GENERATED: (\S+) -->\n)(.*?)(<!-- END GENERATED -->)", re.S)

# The order and headings of the groups of `numpy` functions.
GROUPS = [
    ("ufunc", "Elementwise functions and ufuncs"),
    ("reduction", "Reductions and statistics"),
    ("creation", "Array creation"),
    ("shape", "Shape manipulation and joining"),
    ("indexing", "Indexing, searching, sorting"),
    ("statistics", "Order statistics and histograms"),
    ("linear-algebra", "Products"),
    ("signal", "Signal processing and integration"),
    ("io", "Input/output"),
    ("other", "Other functions"),
]


def registry(arrayc):
    out = subprocess.run([arrayc, "builtins"], check=True, capture_output=True,
                         text=True).stdout
    rows = collections.defaultdict(list)
    for line in out.splitlines():
        module, name, group = line.split("\t")
        rows[module].append((name, group))
    return rows


def names(items):
    return ", ".join(f"`{n}`" for n in sorted(set(items)))


def render(module, rows):
    items = rows.get(module)
    if not items:
        sys.exit(f"numpy-compat: `arrayc builtins` lists nothing for '{module}'")
    if module == "numpy":
        by = collections.defaultdict(list)
        for name, group in items:
            by[group].append(name)
        unknown = set(by) - {g for g, _ in GROUPS}
        if unknown:
            sys.exit(f"numpy-compat: no heading for the groups {sorted(unknown)}")
        lines = ["| group | functions (`np.<name>`) |", "|---|---|"]
        lines += [f"| {title} | {names(by[g])} |" for g, title in GROUPS if by[g]]
        return "\n".join(lines) + "\n"
    if module == "ndarray":
        by = collections.defaultdict(list)
        for name, kind in items:
            by[kind].append(name)
        return (f"- attributes: {names(by['attribute'])}\n"
                f"- methods: {', '.join(f'`.{n}()`' for n in sorted(by['method']))}\n")
    if module == "numpy.random.Generator":  # methods of a default_rng() Generator
        prefix = "Generator."
    else:
        prefix = "" if module == "python" else module.replace("numpy", "np") + "."
    return ", ".join(f"`{prefix}{n}`" for n in sorted({n for n, _ in items})) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arrayc", required=True, help="the arrayc binary")
    ap.add_argument("--check", action="store_true",
                    help="only check that the page is up to date")
    ap.add_argument("page", help="docs/numpy-compatibility.md")
    args = ap.parse_args()
    rows = registry(args.arrayc)
    text = open(args.page).read()
    stale = []
    seen = set()

    def regenerate(m):
        module = m.group(2)
        seen.add(module)
        body = render(module, rows)
        if body != m.group(3):
            stale.append(module)
        return m.group(1) + body + m.group(4)

    new = BLOCK.sub(regenerate, text)
    missing = sorted(set(rows) - seen)
    if missing:
        sys.exit(f"numpy-compat: {args.page} has no generated list for {missing}")
    if args.check:
        if stale:
            print(f"numpy-compat: {args.page} is out of date for {stale}; run "
                  f"scripts/numpy-compat.py --arrayc <arrayc> {args.page}", file=sys.stderr)
            return 1
        return 0
    if new != text:
        with open(args.page, "w") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
