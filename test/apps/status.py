#!/usr/bin/env python3
"""Regenerates test/apps/STATUS.md: runs every program of test/apps both ways
on the cpu target and writes one line per program.

  arr: `arrayc run` compared with NumPy by test/e2e/run_e2e.py (lit's path)
  jit: the same file's kernels through @arrayc.jit, by
       python-frontend/tests/test_apps.py

Usage (from anywhere; defaults to the build of the checkout holding this file):
  status.py [--arrayc build/bin/arrayc] [--library build/lib/libarrayc.so]
            [-j 2] [--check] [--out FILE] [PROG.arr ...]

Without PROG arguments it runs every program of test/apps and rewrites
STATUS.md (or --out). With PROG arguments it runs only those and updates
only their rows: the other programs' rows are kept as STATUS.md has them,
and the totals and the feature lists are recomputed from all the rows. A
PROG outside test/apps is run and printed, and STATUS.md is left alone.

--check: also exit 1 when a program's markers disagree with its results
(`# XFAIL:`/`# NEEDS:`/`# NEEDS-ARR:` but the .arr path passes, or none and it
fails; likewise `# NEEDS:`/`# NEEDS-JIT:` for the jit path), for the programs run.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def header(src, key):
    return " ".join(m.group(1).strip() for m in
                    re.finditer(r"^\s*#\s*%s:(.*)$" % re.escape(key), src, re.M))


def first_error(text):
    """The line of a failure that says most: the compiler's `error:` line,
    else a Python exception's last line, else the first line."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if "error:" in l and not l.startswith("reproduce"):
            return l
    for i in range(len(lines) - 1, -1, -1):
        if re.match(r"^[\w.]*(Error|Exception)\b", lines[i]):
            # An assertion's message continues on the next line (what differs).
            more = lines[i + 1] if lines[i].startswith("AssertionError") and i + 1 < len(lines) else ""
            return (lines[i] + " " + more).strip()
    return lines[0] if lines else "(no message)"


def short(line, root=ROOT):
    line = line.replace(root + "/", "").replace("|", "\\|")
    return line if len(line) <= 220 else line[:217] + "..."


def features(text):
    """The features of a NEEDS line: split at top-level commas, each reduced
    to its name (the words before a parenthesised detail)."""
    out, depth, cur = [], 0, ""
    for ch in text + ",":
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            name = cur.strip().split(" (")[0]
            if name == "methods":
                name = "ndarray methods (.mean() .std() .var() .cumsum() .sort() .any())"
            if name:
                out.append(name)
            cur = ""
        else:
            cur += ch
    return out


def run_arr(prog, args):
    cmd = [PYTHON, os.path.join(ROOT, "test", "e2e", "run_e2e.py"), "--target=cpu",
           "--mode=jit", "--arrayc", args.arrayc, prog]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
    out = p.stdout.decode(errors="replace")
    if p.returncode == 0:
        return True, ""
    # Skip the harness's own "FAIL <prog> ..." line.
    body = "\n".join(l for l in out.splitlines() if not l.startswith("FAIL "))
    return False, first_error(body)


def run_jit(prog, args):
    env = dict(os.environ, ARRAYC_LIBRARY=args.library, ARRAYC_PYTEST_TARGET="cpu",
               PYTHONPATH=os.path.join(ROOT, "python-frontend") + os.pathsep +
               os.path.join(ROOT, "python-frontend", "tests"))
    with tempfile.TemporaryDirectory(prefix="arrayc-apps-") as tmp:
        code = "import test_apps; test_apps.check_program(%r, %r)" % (os.path.basename(prog), tmp)
        p = subprocess.run([PYTHON, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           env=env, timeout=900)
    out = p.stdout.decode(errors="replace")
    if p.returncode == 0:
        return True, ""
    if p.returncode < 0:
        return False, "crashed (signal %d): %s" % (-p.returncode, first_error(out))
    return False, first_error(out)


def split_row(row):
    """A STATUS.md table row's cells (a `|` inside a message is escaped)."""
    cells = [c.strip() for c in re.split(r"(?<!\\)\|", row.strip())]
    return cells[1:-1] if len(cells) >= 2 else []


def old_results(path):
    """The results STATUS.md at `path` records, by program name:
    (arr_ok, arr_err, jit_ok, jit_err), messages as written (short())."""
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path, encoding="utf-8"):
        cells = split_row(line) if line.startswith("| ") else []
        if len(cells) != 4 or cells[0] in ("program", "---"):
            continue
        res = []
        for cell in cells[1:3]:
            ok = cell == "pass"
            res += [ok, "" if ok else re.sub(r"^FAIL: ", "", cell)]
        out[cells[0]] = tuple(res)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arrayc", default=os.path.join(ROOT, "build", "bin", "arrayc"))
    ap.add_argument("--library", default=os.path.join(ROOT, "build", "lib", "libarrayc.so"))
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", default=os.path.join(HERE, "STATUS.md"))
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    args.arrayc, args.library = os.path.abspath(args.arrayc), os.path.abspath(args.library)
    every = sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".arr"))
    progs = [os.path.abspath(p) for p in args.programs] or every
    outside = [p for p in progs if p not in every]
    # Why STATUS.md is not written (a program from elsewhere; rows missing).
    no_write = ", ".join(os.path.relpath(p) for p in outside) + " not in test/apps" \
        if outside else ""

    def one(prog):
        arr_ok, arr_err = run_arr(prog, args)
        jit_ok, jit_err = run_jit(prog, args)
        return prog, (arr_ok, short(arr_err), jit_ok, short(jit_err))

    results = {}  # program name -> (arr_ok, arr_err, jit_ok, jit_err)
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for prog, res in pool.map(one, progs):
            results[os.path.basename(prog)[:-4]] = res
            print("| %s | %s | %s |" % (
                os.path.basename(prog)[:-4], "pass" if res[0] else "FAIL: " + res[1],
                "pass" if res[2] else "FAIL: " + res[3]), flush=True)
    if args.programs and not no_write:
        # Only these programs' rows change; the others keep theirs.
        old = old_results(args.out)
        missing = [os.path.basename(p)[:-4] for p in every
                   if os.path.basename(p)[:-4] not in results
                   and os.path.basename(p)[:-4] not in old]
        if missing:
            no_write = "it has no row for %s (run status.py on all programs)" % (
                ", ".join(missing))
        for k, v in old.items():
            results.setdefault(k, v)

    rows, wrong, wrong_run = [], [], []
    blocks = {"arr": {}, "jit": {}}  # feature -> programs it blocks, per path
    counts = {"arr": 0, "jit": 0}
    for prog in every + [p for p in progs if p not in every]:
        name = os.path.basename(prog)
        if name[:-4] not in results:
            continue
        arr_ok, arr_err, jit_ok, jit_err = results[name[:-4]]
        src = open(prog, encoding="utf-8").read()
        needs = header(src, "NEEDS")
        arr_marked = bool(re.search(r"^\s*#\s*XFAIL:", src, re.M))
        jit_marked = bool(needs or header(src, "NEEDS-JIT"))
        for path, ok, extra in (("arr", arr_ok, "NEEDS-ARR"), ("jit", jit_ok, "NEEDS-JIT")):
            if not ok:
                for f in set(features(needs + "," + header(src, extra))):
                    blocks[path].setdefault(f, []).append(name[:-4])
        counts["arr"] += arr_ok
        counts["jit"] += jit_ok
        if arr_marked == arr_ok:
            wrong.append("%s: .arr path %s but %s" % (
                name, "passes" if arr_ok else "fails",
                "marked XFAIL" if arr_marked else "not marked XFAIL"))
        if jit_marked == jit_ok:
            wrong.append("%s: jit path %s but %s" % (
                name, "passes" if jit_ok else "fails",
                "marked NEEDS/NEEDS-JIT" if jit_marked else "has no NEEDS/NEEDS-JIT"))
        if prog in progs:
            wrong_run += [w for w in wrong if w.startswith(name + ":") and w not in wrong_run]
        feats = "; ".join(x for x in (needs, "arr: " + header(src, "NEEDS-ARR")
                                      if header(src, "NEEDS-ARR") else "",
                                      "jit: " + header(src, "NEEDS-JIT")
                                      if header(src, "NEEDS-JIT") else "") if x)
        rows.append("| %s | %s | %s | %s |" % (
            name[:-4], "pass" if arr_ok else "FAIL: " + arr_err,
            "pass" if jit_ok else "FAIL: " + jit_err, feats or "-"))
    n = len(rows)
    text = ["# test/apps status (cpu target)", "",
            "Generated by `test/apps/status.py`; rerun it after changing the compiler.", "",
            "- `.arr` via `arrayc run` (lit): %d of %d pass" % (counts["arr"], n),
            "- `@arrayc.jit` (python-frontend/tests/test_apps.py): %d of %d pass" % (counts["jit"], n),
            "", "| program | arr | jit | needs |", "|---|---|---|---|"] + rows
    for path, title in (("arr", "`.arr`"), ("jit", "`@arrayc.jit`")):
        top = sorted(blocks[path].items(), key=lambda kv: (-len(kv[1]), kv[0]))
        text += ["", "Features the failing programs need (%s path; from their NEEDS lines), "
                 "by how many programs they block:" % title, ""]
        text += ["- %s: %d" % (f, len(ps)) for f, ps in top]
    if wrong:
        text += ["", "Markers that disagree with the results:", ""] + ["- " + w for w in wrong]
    if no_write:
        print("not writing %s: %s" % (os.path.relpath(args.out), no_write))
    else:
        open(args.out, "w").write("\n".join(text) + "\n")
        print("\n".join(text[4:6]))
    for w in wrong_run:
        print("marker:", w)
    return 1 if args.check and wrong_run else 0


if __name__ == "__main__":
    sys.exit(main())
