#!/usr/bin/env bash
# Kills `arrayc prog.arr -o OUT` while it links, with SIGTERM then SIGKILL,
# and lets one link fail: prints what is left in the output and temporary
# folders after each (temp-files.test checks it). A fake `c++` first on PATH
# writes part of its output, says so, and sleeps (or fails).
set -u
arrayc=$1 prog=$2 t=$3
rm -rf "$t" && mkdir -p "$t/bin" "$t/out" "$t/tmp"
cat > "$t/bin/c++" <<'LINKER'
#!/usr/bin/env bash
while [ $# -gt 0 ]; do [ "$1" = -o ] && out=$2; shift; done
head -c 100000 /dev/zero > "$out"
[ -n "${FAKE_LINK_FAIL:-}" ] && { echo "fake linker: failing" >&2; exit 1; }
echo $$ > "$FAKE_LINK_DIR/linker.pid"
touch "$FAKE_LINK_DIR/linking"
exec sleep 60
LINKER
chmod +x "$t/bin/c++"
export TMPDIR="$t/tmp" FAKE_LINK_DIR="$t"
left() { echo "$1: out [$(ls -A "$t/out" | tr '\n' ' ')] tmp [$(ls -A "$t/tmp" | tr '\n' ' ')]"; }
for sig in TERM KILL; do
  rm -f "$t/linking"
  PATH="$t/bin:$PATH" "$arrayc" --target=cpu "$prog" -o "$t/out/prog" &
  pid=$!
  for _ in $(seq 600); do [ -e "$t/linking" ] && break; sleep 0.05; done
  left "linking"
  kill -$sig $pid
  wait $pid 2>/dev/null
  kill "$(cat "$t/linker.pid")" 2>/dev/null
  left "after SIG$sig"
done
FAKE_LINK_FAIL=1 PATH="$t/bin:$PATH" "$arrayc" --target=cpu "$prog" -o "$t/out/prog" 2>&1 |
  sed 's/^/failed link: /'
left "after a failed link"
"$arrayc" --target=cpu "$prog" -o "$t/out/prog" && left "after a good compile"
