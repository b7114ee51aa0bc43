#!/usr/bin/env bash
# Instructions a row costs in each CacheRatios mode (callgrind, so machine load does not matter):
# measureRow alone (`one`), every row a miss through the cache (`miss`), precache on one worker
# (`pre1`), on the 10,000-row feed; `cheap` and `cheap1` do the same for 20,000 synthetic rows,
# `few` and `fewpre` for the first 200 feed rows. Each figure is (2 passes - 1 pass) / rows, so
# set-up, the warm-up pass and start-up drop out; the cache's modes include forgetting the heights
# before the pass (`invalidateAll`, about 50 instructions a row). A figure is one of two counts
# about 140 a row apart (`one`: 8,380 or 8,522), varying from one process to the next of the same
# binary: a pass uses the solver workspaces of the pool stripe its thread picks (by the thread's
# identity), and the feasible regions those workspaces learned decide how many a re-solve checks
# (`ParametricRegion.isFeasible`). Run a mode more than once and compare the lower counts.
# Usage: [CACHE_SIM=1] Benchmarks/scripts/cache-instructions.sh [MODE...]   (default: one miss pre1)
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
# Prints the run's instructions and first-level instruction-cache misses (0 without CACHE_SIM).
count() {
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$out" "$bin" --once "$1" "$2" \
    > /dev/null 2>&1
  awk '/^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
       /^summary:/ { print $column["Ir"], ("I1mr" in column ? $column["I1mr"] : 0) }' "$out"
}
printf '%-6s %12s %12s\n' mode "instr/row" "I1 miss/row"
for mode in "$@"; do
  read -r one one_i1 <<< "$(count "$mode" 1)"
  read -r two two_i1 <<< "$(count "$mode" 2)"
  rows=10000
  case "$mode" in cheap*) rows=20000 ;; few*) rows=200 ;; esac
  printf '%-6s %12d %12.1f\n' "$mode" $(( (two - one) / rows )) "$(awk "BEGIN { print ($two_i1 - $one_i1) / $rows }")"
done
