#!/usr/bin/env bash
# measure-cli's input bounds (docs/cli.md, "Input limits"): one long line through a pipe is read
# in linear time; peak memory stays a small multiple of the longest line and is capped by the
# line limit; /dev/zero and FIFOs end with a clear error within seconds.
# Needs MEASURE_CLI (set by scripts/check-bounds.sh) and /usr/bin/time.
set -euo pipefail
cli=${MEASURE_CLI:?set MEASURE_CLI to a measure-cli binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "bounds/input: $*" >&2; exit 1; }

# Runs a shell command under /usr/bin/time; sets secs and rss_mb (peak RSS of the slowest child).
timed() {
  /usr/bin/time -f "%e %M" -o "$tmp/time" bash -c "$1" || true
  read -r secs rss_kb < <(tail -n 1 "$tmp/time")
  rss_mb=$((rss_kb / 1024))
}

# Expects a command to exit with `status` within `limit` seconds and print `text` on stderr.
expect_error() {
  local limit=$1 status=$2 text=$3; shift 3
  local got=0
  timeout "$limit" "$@" > "$tmp/out" 2> "$tmp/err" < "${STDIN:-/dev/null}" || got=$?
  [ "$got" -ne 124 ] || fail "$* did not finish within ${limit} s"
  [ "$got" -eq "$status" ] || fail "$* exited $got, expected $status: $(head -c 300 "$tmp/err")"
  grep -qF -- "$text" "$tmp/err" || fail "$* said $(head -c 300 "$tmp/err"), expected: $text"
}

# A --stream input of one row line whose string member holds $1 MB (a fixed-height section, so
# the time is reading and parsing, not text shaping).
long_line() {
  python3 -c '
import sys
n = int(sys.argv[1]) * 1000000
out = sys.stdout
out.write("{\"sections\":[{\"height\":44}]}\n{\"key\":\"k\",\"x\":\"")
block = "a" * 1000000
for _ in range(n // 1000000): out.write(block)
out.write("\"}\n")' "$1" > "$tmp/line$1.jsonl"
}

# 1. Linear reading of one long line through a pipe: 100 MB against 10 MB, best of 3 each.
long_line 10
long_line 100
best() {
  local size=$1 best_secs=999 best_rss=0
  for _ in 1 2 3; do
    timed "cat $tmp/line$size.jsonl | $cli --stream --quiet - > $tmp/out$size"
    [ "$(cat "$tmp/out$size")" = '{"section":0,"row":0,"height":44,"key":"k"}' ] || fail "${size} MB line: $(head -c 300 "$tmp/out$size")"
    if awk -v a="$secs" -v b="$best_secs" 'BEGIN { exit !(a < b) }'; then best_secs=$secs; fi
    best_rss=$rss_mb
  done
  echo "$best_secs $best_rss"
}
read -r small small_rss < <(best 10)
read -r large large_rss < <(best 100)
# Linear is about 10x; the quadratic reader took about 100x (100 MB: 4 s). 35x leaves room for
# noise; times under 0.05 s count as 0.05 s.
ratio=$(awk -v a="$large" -v b="$small" 'BEGIN { if (b < 0.05) b = 0.05; printf "%.1f", a / b }')
echo "bounds/input: one line through a pipe: 10 MB ${small} s (${small_rss} MB peak), 100 MB ${large} s (${large_rss} MB peak), ratio ${ratio} (linear 10, limit 35)"
awk -v r="$ratio" 'BEGIN { exit !(r < 35) }' || fail "100 MB vs 10 MB line takes ${ratio}x: reading is not linear"
# The line is held in the reader's buffer, copied out once and parsed: a few times its size.
[ "$large_rss" -lt 1200 ] || fail "a 100 MB line peaked at ${large_rss} MB (bound 1200 MB)"

# 2. A line over the 128 MiB limit is a bad line; memory stays at the limit, the run goes on.
{ printf '{"sections":[{"height":44}]}\n'; head -c 300000000 /dev/zero | tr '\0' 'a'; printf '\n{"key":"next"}\n'; } > "$tmp/over.jsonl"
timed "cat $tmp/over.jsonl | timeout 120 $cli --stream --quiet - > $tmp/over.out"
expected='{"line":2,"error":"the line is longer than the limit of 134217728 bytes (128 MiB) for a --stream line"}
{"section":0,"row":0,"height":44,"key":"next"}'
[ "$(cat "$tmp/over.out")" = "$expected" ] || fail "300 MB line: $(head -c 300 "$tmp/over.out")"
echo "bounds/input: a 300 MB line (over the limit): ${secs} s, ${rss_mb} MB peak"
[ "$rss_mb" -lt 600 ] || fail "a 300 MB line over the limit peaked at ${rss_mb} MB (bound 600 MB)"

# 3. /dev/zero and FIFOs: refused or ended at once, never read without end, never waited on.
printf '{"sections":[{"rows":[{}]}]}\n' > "$tmp/cells.json"
mkfifo "$tmp/fifo"
expect_error 20 65 "/dev/zero: is a character device, not a regular file" "$cli" /dev/zero
expect_error 20 65 "/dev/zero: is a character device, not a regular file" "$cli" --stream /dev/zero
expect_error 20 65 "$tmp/fifo: is a FIFO (named pipe), not a regular file" "$cli" "$tmp/fifo"
expect_error 20 66 "will not load: is a character device, not a regular file" "$cli" --font /dev/zero "$tmp/cells.json"
expect_error 20 66 "will not load: is a FIFO (named pipe), not a regular file" "$cli" --font "$tmp/fifo" "$tmp/cells.json"
expect_error 20 65 "$tmp/fifo: is a FIFO (named pipe), not a regular file" "$cli" --config "$tmp/fifo" "$tmp/cells.json"
STDIN=/dev/zero expect_error 20 65 "<stdin>: line 1, column 1: expected a value, found byte 0x00" "$cli" -
STDIN=/dev/zero expect_error 20 65 "<stdin>: line 1: the line is longer than the limit" "$cli" --stream -
timed "timeout 20 $cli --stream --quiet - < /dev/zero > /dev/null 2>&1"
echo "bounds/input: --stream - < /dev/zero: ${secs} s, ${rss_mb} MB peak"
[ "$rss_mb" -lt 600 ] || fail "--stream - < /dev/zero peaked at ${rss_mb} MB (bound 600 MB)"
