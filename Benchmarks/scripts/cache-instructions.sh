#!/usr/bin/env bash
# Instructions a row costs in each CacheRatios mode (callgrind, so machine load does not matter):
# measureRow alone (`one`), every row a miss through the cache (`miss`), precache on one worker
# (`pre1`), on the 10,000-row feed; `cheap` and `cheap1` do the same for 20,000 synthetic rows,
# `few` and `fewpre` for the first 200 feed rows. Each figure is (2 passes - 1 pass) / rows, so
# set-up, the warm-up pass and start-up drop out; the cache's modes include forgetting the heights
# before the pass (`invalidateAll`, about 50 instructions a row). A figure is one of two counts
# about 140 a row apart (`one`: 8,394 or 8,528), varying from one process to the next of the same
# binary: a pass uses the solver workspaces of the pool stripe its thread picks (by the thread's
# identity), and the feasible regions those workspaces learned decide how many a re-solve checks
# (`ParametricRegion.isFeasible`). Run a mode more than once and compare the lower counts.
# With CODE_LINES=1, also the 64-byte lines of code a row runs: lines holding an instruction run
# at least once a row (callgrind's --dump-instr=yes on the two-pass run); a miss's lines beyond
# `one`'s are code that evicts the engine's between rows.
# Usage: [CACHE_SIM=1] [CODE_LINES=1] Benchmarks/scripts/cache-instructions.sh [MODE...]   (default: one miss pre1)
# Builds CacheRatios with the static stdlib and DWARF 4 (valgrind 3.19 cannot read the DWARF 5
# Swift writes by default) into Benchmarks/.build-callgrind; a first build takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- one miss pre1
swift build -c release --product CacheRatios --static-swift-stdlib --scratch-path .build-callgrind \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 > /dev/null
bin=.build-callgrind/release/CacheRatios
# With CACHE_SIM=1, also the first-level instruction-cache misses a row (callgrind's cache
# simulation, modelled on this machine's caches): code run between rows evicts the engine's.
sim=()
[ "${CACHE_SIM:-0}" = 1 ] && sim=(--cache-sim=yes)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
lines=()
[ "${CODE_LINES:-0}" = 1 ] && lines=(--dump-instr=yes)
# Prints the run's instructions and first-level instruction-cache misses (0 without CACHE_SIM).
count() {
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind "${sim[@]}" "${lines[@]}" --callgrind-out-file="$out" \
    "$bin" --once "$1" "$2" > /dev/null 2>&1
  awk '/^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
       /^summary:/ { print $column["Ir"], ("I1mr" in column ? $column["I1mr"] : 0) }' "$out"
}
# Prints how many 64-byte lines of code hold an instruction run at least $1 times in "$out".
code_lines() {
  python3 - "$out" "$1" <<'PY'
import collections, sys
counts = collections.Counter()
address, skip, positions, ir = 0, False, 1, 0
for text in open(sys.argv[1]):
    if text.startswith("positions:"):
        positions = len(text.split()) - 1
    elif text.startswith("events:"):
        ir = text.split()[1:].index("Ir")
    if text.startswith("calls="):
        skip = True  # the next cost line is the call's, not its instruction's
        continue
    if not text[:1] or not (text[0].isdigit() or text[0] in "+-*"):
        continue
    fields = text.split()
    if len(fields) <= positions:
        continue
    position = fields[0]
    if position.startswith("0x"):
        address = int(position, 16)
    elif position[0] in "+-":
        address += int(position, 0)
    if skip:
        skip = False
        continue
    if len(fields) > positions + ir:  # callgrind leaves out trailing zero counts
        counts[address] += int(fields[positions + ir])
print(len({address // 64 for address, count in counts.items() if count >= int(sys.argv[2])}))
PY
}
printf '%-6s %12s %12s %12s\n' mode "instr/row" "I1 miss/row" "code lines"
for mode in "$@"; do
  rows=10000
  case "$mode" in cheap*) rows=20000 ;; few*) rows=200 ;; esac
  read -r one one_i1 <<< "$(count "$mode" 1)"
  read -r two two_i1 <<< "$(count "$mode" 2)"
  code=0
  [ "${CODE_LINES:-0}" = 1 ] && code=$(code_lines "$rows")
  printf '%-6s %12d %12.1f %12d\n' "$mode" $(( (two - one) / rows )) "$(awk "BEGIN { print ($two_i1 - $one_i1) / $rows }")" "$code"
done
