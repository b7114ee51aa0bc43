#!/usr/bin/env bash
# Instructions a row costs in each CacheRatios mode (callgrind, so machine load does not matter):
# measureRow alone (`one`), every row a miss through the cache (`miss`), precache on one worker
# (`pre1`), on the 10,000-row feed; `cheap` and `cheap1` do the same for 20,000 synthetic rows,
# `few` and `fewpre` for the first 200 feed rows. Each figure is (2 passes - 1 pass) / rows, so
# set-up, the warm-up pass and start-up drop out; the cache's modes include forgetting the heights
# before the pass (`invalidateAll`, about 50 instructions a row). Counts move by up to about 150
# a row from one build of the same measuring code to the next (cause not found), so compare modes
# of one build.
# Usage: Benchmarks/scripts/cache-instructions.sh [MODE...]   (default: one miss pre1)
# Builds CacheRatios with the static stdlib and DWARF 4 (valgrind 3.19 cannot read the DWARF 5
# Swift writes by default) into Benchmarks/.build-callgrind; a first build takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- one miss pre1
swift build -c release --product CacheRatios --static-swift-stdlib --scratch-path .build-callgrind \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 > /dev/null
bin=.build-callgrind/release/CacheRatios
count() {
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --once "$1" "$2" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-6s %12s\n' mode "instr/row"
for mode in "$@"; do
  one=$(count "$mode" 1)
  two=$(count "$mode" 2)
  rows=10000
  case "$mode" in cheap*) rows=20000 ;; few*) rows=200 ;; esac
  printf '%-6s %12d\n' "$mode" $(( (two - one) / rows ))
done
