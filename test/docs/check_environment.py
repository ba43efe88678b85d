#!/usr/bin/env python3
"""Checks that docs/environment.md documents every ARRAYC_* environment variable
the sources read, and nothing they no longer read.

A variable is "read" where the code asks the environment for it:

  C, C++, CUDA   getenv("ARRAYC_X"), std::getenv, secure_getenv,
                 llvm::sys::Process::GetEnv("ARRAYC_X")
  Python         os.environ.get("ARRAYC_X"), os.getenv("ARRAYC_X"),
                 os.environ["ARRAYC_X"] (not as the target of an assignment),
                 "ARRAYC_X" in os.environ   (also lit's .cfg files)
  shell          $ARRAYC_X, ${ARRAYC_X}, ${ARRAYC_X:-default}  (not in comments)
  CMake          $ENV{ARRAYC_X}

so C macros (ARRAYC_RT_API), CMake cache variables (ARRAYC_AOT_LINKER) and
variables a script only sets for a child process (dict(os.environ,
ARRAYC_BENCH_QUEUED="0"), `env ARRAYC_CACHE=0 ...`) do not count. A name read
through a variable (getenv(name)) is not seen: spell it out.

Documented means: the name, in backquotes, in the first cell of a row of a table
whose header's first cell is "variable" (docs/environment.md's tables of
environment variables). Such a row naming an ARRAYC_* variable that nothing
reads is stale and fails too.

  check_environment.py [--root DIR] [--doc FILE] [--list] [DIRS...]

DIRS are the folders of --root to scan (default: every source folder of the
repository; test/docs, which holds this checker's own fixtures, is left out).
--list prints each variable found with the files that read it, and checks
nothing. Exit status 1 when the page lacks a variable or lists a stale one.
"""
import argparse
import os
import re
import sys

NAME = r"(ARRAYC[A-Z0-9_]*)"
C_PATTERNS = [re.compile(r"\b(?:std::)?(?:secure_)?getenv\s*\(\s*\"" + NAME + r"\""),
              re.compile(r"\bGetEnv\s*\(\s*\"" + NAME + r"\"")]
PY_PATTERNS = [
    re.compile(r"\bos\.environ\.get\s*\(\s*[\"']" + NAME + r"[\"']"),
    re.compile(r"\bos\.getenv\s*\(\s*[\"']" + NAME + r"[\"']"),
    re.compile(r"\bos\.environ\s*\[\s*[\"']" + NAME + r"[\"']\s*\](?!\s*=[^=])"),
    re.compile(r"[\"']" + NAME + r"[\"']\s+in\s+os\.environ\b"),
]
SH_PATTERNS = [re.compile(r"\$\{?" + NAME + r"(?![A-Za-z0-9_])")]
CMAKE_PATTERNS = [re.compile(r"\$ENV\{" + NAME + r"\}")]

C_EXT = (".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".cu", ".cuh", ".inc", ".def")
PY_EXT = (".py", ".cfg", ".py.in")
SH_EXT = (".sh", ".bash")
CMAKE_EXT = (".cmake",)

DEFAULT_DIRS = ["lib", "runtime", "tools", "python-frontend", "include", "dialects",
                "fuzz", "examples", "scripts", "bench", "test", "cmake", "CMakeLists.txt"]
EXCLUDED = {os.path.join("test", "docs")}
SKIP_DIRS = {"__pycache__", "build", "dist", "node_modules"}


def patterns_for(path):
    base = os.path.basename(path)
    if base == "CMakeLists.txt" or base.endswith(CMAKE_EXT):
        return CMAKE_PATTERNS, None
    if base.endswith(C_EXT):
        return C_PATTERNS, None
    if base.endswith(PY_EXT):
        return PY_PATTERNS, None
    if base.endswith(SH_EXT):
        return SH_PATTERNS, "#"
    return None, None


def source_files(root, dirs):
    for d in dirs:
        top = os.path.join(root, d)
        if os.path.isfile(top):
            yield top
            continue
        for here, subdirs, files in os.walk(top):
            rel = os.path.relpath(here, root)
            subdirs[:] = sorted(s for s in subdirs
                                if s not in SKIP_DIRS and not s.startswith(".")
                                and not s.endswith(".egg-info")
                                and os.path.join(rel, s) not in EXCLUDED)
            for f in sorted(files):
                yield os.path.join(here, f)


def variables_read(root, dirs):
    """{name: [relative paths of the files reading it]}"""
    found = {}
    for path in source_files(root, dirs):
        pats, comment = patterns_for(path)
        if not pats:
            continue
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
        except OSError:
            continue
        for line in lines:
            if comment and line.lstrip().startswith(comment):
                continue
            for p in pats:
                for m in p.finditer(line):
                    files = found.setdefault(m.group(1), [])
                    rel = os.path.relpath(path, root)
                    if rel not in files:
                        files.append(rel)
    return found


def documented(doc):
    """The names in backquotes in the first cell of the rows of tables whose
    header's first cell is "variable"."""
    names = set()
    in_table = False
    with open(doc, encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if not s.startswith("|"):
                in_table = False
                continue
            cells = [c.strip() for c in s.strip("|").split("|")]
            if not in_table:
                in_table = True
                table_is_variables = cells[0].lower() == "variable"
                continue
            if table_is_variables and not set(cells[0]) <= set("-: "):
                names.update(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", cells[0]))
    return names


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.normpath(os.path.join(here, "..", "..")))
    ap.add_argument("--doc", default=None, help="default: ROOT/docs/environment.md")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("dirs", nargs="*")
    args = ap.parse_args()
    dirs = args.dirs or [d for d in DEFAULT_DIRS if os.path.exists(os.path.join(args.root, d))]
    read = variables_read(args.root, dirs)
    if args.list:
        for name in sorted(read):
            print("%s\t%s" % (name, " ".join(read[name])))
        return 0
    doc = args.doc or os.path.join(args.root, "docs", "environment.md")
    docs = documented(doc)
    missing = sorted(set(read) - docs)
    stale = sorted(n for n in docs - set(read) if n.startswith("ARRAYC"))
    for name in missing:
        print("check_environment: %s is read by %s but has no row in %s"
              % (name, ", ".join(read[name]), doc), file=sys.stderr)
    for name in stale:
        print("check_environment: %s has a row in %s but nothing reads it" % (name, doc),
              file=sys.stderr)
    if missing or stale:
        return 1
    print("check_environment: %d variables, all documented" % len(read))
    return 0


if __name__ == "__main__":
    sys.exit(main())
