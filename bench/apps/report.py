"""table.md and apps.png of the applications benchmark, from its records."""
import math

PEERS = ("cupy", "jax_jit", "torch_compile", "numba", "numba_parallel")
GPU = ("cupy", "jax_jit", "torch_compile")  # a run with none of these is a cpu run
# Issue 27's bars: arrayc's geometric mean speed-up over the peer, at least.
BARS = {"cupy": 4.0, "jax_jit": 1.5}


def ok(r):
    return r is not None and "median_ms" in r and "wrong" not in r and "error" not in r


def line(r):
    """One record as a log line."""
    if "error" in r:
        return "%-14s %s%s" % (r["system"], "" if rejected(r) else "ERROR ", r["error"])
    s = "%-14s %10.3f ms (min %.3f, %d calls; first call %.1f ms)" % (
        r["system"], r["median_ms"], r["min_ms"], r["reps"], r["first_call_ms"])
    if r.get("rel_err") is not None:
        s += " rel.err %.2g" % r["rel_err"]
    if "wrong" in r:
        s += " WRONG: " + r["wrong"]
    if "note" in r:
        s += " NOTE: " + r["note"]
    return s


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def _fmt(x, digits=3):
    if x is None:
        return "–"
    if x >= 100:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    if 0 < x < 0.01:  # microseconds (a compiled scalar loop on small inputs)
        return "%.2g" % x
    return "%.*f" % (digits - 1 if x >= 1 else digits, x)


def _by(records):
    by = {}
    for r in records:
        by.setdefault(r["program"], {})[r["system"]] = r
    return by


def rejected(r):
    """Whether the record is of a program the system does not take (Numba's
    compile failing): not run, rather than failed."""
    return "error" in r and r["error"].startswith("rejected by ")


def table(records, systems, device, versions):
    """The table of a GPU run (NumPy on the host against the GPU systems) or of a
    cpu run (no GPU system: everything on the host's cores)."""
    by = _by(records)
    progs = list(by)
    others = [s for s in systems if s != "numpy"]
    peers = [s for s in PEERS if s in systems]
    on_gpu = any(s in GPU for s in systems)
    out = ["# Applications benchmark (bench/apps)%s" % ("" if on_gpu else ", cpu"), "",
           "%s: %s. %s." % ("Device" if on_gpu else "Host", device,
                            ", ".join("%s %s" % kv for kv in versions.items() if kv[1])),
           "",
           "Median milliseconds per call (%sfresh inputs each call). "
           "`ERR`: the system failed (below), %s`WRONG`: its results differ from NumPy float64 "
           "(below), `*`: a note on the run (below). `×np`: NumPy's time over the system's.%s"
           % ("device synchronized; " if on_gpu else "",
              "`rejected`: it does not compile the program (below), "
              if any(rejected(r) for r in records) else "",
              " The last columns are arrayc's speed relative to each peer (peer ms / arrayc ms: "
              "above 1, arrayc is faster)." if "arrayc" in systems and peers else ""), ""]
    first = ["arrayc first call"] if "arrayc" in systems else []
    head = ["program"] + systems + first + ["%s ×np" % s for s in others]
    if "arrayc" in systems:
        head += ["arrayc vs %s" % p for p in peers]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    notes = []
    for p in progs:
        row = [p]
        rs = by[p]
        for s in systems:
            r = rs.get(s)
            if r is None:
                row.append("–")
            elif "error" in r:
                row.append("rejected" if rejected(r) else "ERR")
                notes.append("- %s, %s: %s" % (p, s, r["error"].splitlines()[0]))
            elif "wrong" in r:
                row.append("WRONG %s" % _fmt(r["median_ms"]))
                notes.append("- %s, %s: %s" % (p, s, r["wrong"]))
            else:
                row.append(_fmt(r["median_ms"]))
            if r is not None and "note" in r:
                row[-1] += "*"
                notes.append("- %s, %s (*): %s" % (p, s, r["note"]))
        a = rs.get("arrayc")
        if first:
            row.append(_fmt(a["first_call_ms"]) if a and "first_call_ms" in a else "–")
        n = rs.get("numpy")
        for s in others:
            r = rs.get(s)
            row.append(_fmt(n["median_ms"] / r["median_ms"]) + "×" if ok(n) and ok(r) else "–")
        if "arrayc" in systems:
            for q in peers:
                r = rs.get(q)
                row.append(_fmt(r["median_ms"] / a["median_ms"]) if ok(a) and ok(r) else "–")
        out.append("| " + " | ".join(row) + " |")
    out += ["", "## Summary", ""]
    for s in systems:
        n_ok = sum(ok(by[p].get(s)) for p in progs)
        line_ = "- %s: %d of %d programs ran and matched NumPy" % (s, n_ok, len(progs))
        n_rej = sum(rejected(by[p][s]) for p in progs if s in by[p])
        if n_rej:
            line_ += " (%d rejected)" % n_rej
        if s != "numpy":
            sp = [by[p]["numpy"]["median_ms"] / by[p][s]["median_ms"] for p in progs
                  if ok(by[p].get("numpy")) and ok(by[p].get(s))]
            line_ += "; geometric mean speed-up over NumPy %s× (over those %d)" % (
                _fmt(geomean(sp)), len(sp))
        out.append(line_)
    if "arrayc" in systems:
        if any(q in BARS for q in peers):
            head_ = "Issue 27's bars, over the programs both systems ran correctly:"
        elif peers:
            head_ = "arrayc against each peer, over the programs both systems ran correctly:"
        else:
            head_ = "arrayc:"
        out += ["", head_, ""]
        for q in peers:
            pairs = [(by[p]["arrayc"], by[p][q]) for p in progs
                     if ok(by[p].get("arrayc")) and ok(by[p].get(q))]
            g = geomean([b["median_ms"] / a["median_ms"] for a, b in pairs])
            bar = BARS.get(q)
            out.append("- arrayc vs %s: geometric mean %s× over %d programs%s" % (
                q, _fmt(g), len(pairs),
                "" if bar is None or g is None else " (bar ≥ %.1f×: %s)" % (bar, "met" if g >= bar else "missed")))
        slow, behind_np = [], []
        for p in progs:
            a = by[p].get("arrayc")
            if not ok(a):
                continue
            best = [by[p][q]["median_ms"] for q in peers if ok(by[p].get(q))]
            if best and a["median_ms"] > 1.1 * min(best):
                slow.append("%s (%.2f× the fastest peer's time)" % (p, a["median_ms"] / min(best)))
            n = by[p].get("numpy")
            if ok(n) and a["median_ms"] > n["median_ms"]:
                behind_np.append("%s (%.2f× NumPy's time)" % (p, a["median_ms"] / n["median_ms"]))
        if peers:
            out.append("- more than 10%% behind the fastest of %s: %s" % (
                "/".join(peers), ", ".join(slow) if slow else "none"))
        out.append("- slower than NumPy on the host: %s" % (", ".join(behind_np) or "none"))
        firsts = [by[p]["arrayc"] for p in progs
                  if by[p].get("arrayc") and "first_call_ms" in by[p]["arrayc"]]
        if firsts:
            fc = [r["first_call_ms"] for r in firsts]
            comp = [r["first_call_ms"] - r["median_ms"] for r in firsts if "median_ms" in r]
            out.append("- arrayc first call (compile and one run): median %.0f ms, worst %.0f ms; "
                       "less the median call: median %s ms, worst %s ms "
                       "(bar: compile ≤ 300 ms median, ≤ 1000 ms worst)" % (
                           median(fc), max(fc), _fmt(median(comp)) if comp else "–",
                           _fmt(max(comp)) if comp else "–"))
        failed = [p for p in progs if not ok(by[p].get("arrayc"))]
        out.append("- arrayc did not run or matched no reference: %s" % (", ".join(failed) or "none"))
    if notes:
        out += ["", "## Errors, wrong results and notes", ""] + notes
    out += ["", "## Inputs", ""]
    for p in progs:
        shapes = next((r["shapes"] for r in by[p].values() if r.get("shapes")), "")
        out.append("- %s: %s" % (p, shapes))
    return "\n".join(out) + "\n"


def chart(records, systems, path):
    """A bar chart of each system's speed-up over NumPy, per program (log
    scale). Returns a line saying what was written."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # noqa: BLE001
        return "no chart: matplotlib unavailable (%s)" % e
    by = _by(records)
    progs = list(by)
    others = [s for s in systems if s != "numpy"]
    if not others:
        return "no chart: no system besides NumPy ran"
    width = 0.8 / len(others)
    fig, ax = plt.subplots(figsize=(max(10, 0.55 * len(progs)), 5))
    for i, s in enumerate(others):
        xs, ys = [], []
        for j, p in enumerate(progs):
            n, r = by[p].get("numpy"), by[p].get(s)
            if ok(n) and ok(r):
                xs.append(j + (i - (len(others) - 1) / 2) * width)
                ys.append(n["median_ms"] / r["median_ms"])
        ax.bar(xs, ys, width, label=s)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(progs)))
    ax.set_xticklabels(progs, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("speed-up over NumPy on the host (log)")
    ax.set_title("Applications benchmark: median time per call, NumPy's over each system's")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return "chart: " + path
