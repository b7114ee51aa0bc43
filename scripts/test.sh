#!/usr/bin/env bash
# Runs the whole test suite: installs dependencies, builds, and runs every test; then the
# many-thread HeightCache stress test again under ThreadSanitizer, then the Spark example
# (scripts/spark-check.sh: a 100,000-row feed through measure-cli in Spark partitions, checked
# against one plain run), then the time and memory bounds (scripts/check-bounds.sh). Ends with one
# "tests: N passed, 0 failed" line counting the test runs (a failing run, a bound exceeded or a
# Spark mismatch stops the script first).
#
# `scripts/test.sh --quick [swift test arguments]` is a contributor's inner loop: no installing,
# no ThreadSanitizer, Spark or bounds run, and the tests that need an outside reference (Pango,
# hb-shape, Chromium, kiwisolver, Skia) skip, visibly, where the tool is missing. Any other
# arguments go to `swift test` and also leave out the TSan, Spark and bounds runs.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  shift
fi
[ $quick -eq 1 ] || bash scripts/install-deps.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests
swift test --skip-build "$@" 2>&1 | tee -a "$log"
if [ $# -eq 0 ] && [ $quick -eq 0 ]; then
  # The suites that share caches and templates between threads: the height cache's concurrency,
  # one-step update and lock-free hit stress tests, the feed scenarios (rows measured on several threads
  # reuse one template's solvers) and the text engine's C caches. On Linux, TSan cannot see
  # Synchronization.Mutex's lock, so shared state sits behind `_Guarded` (a Mutex that tells
  # TSan about itself) or pthread mutexes, which TSan sees.
  swift test --sanitize=thread --scratch-path .build-tsan \
    --filter "CacheConcurrencyTests|CacheOneStepUpdateTests|CacheHitTableTests|CacheFDScenarioTests|CacheCurveTests|ShapingCacheTests|LazyItemEncodingTests" 2>&1 | tee -a "$log"
  bash scripts/spark-check.sh
  # Time and memory bounds (peak RSS, ratios to linear, time limits): scripts/bounds/*.sh, on the
  # release binary spark-check.sh built (one release build instead of two).
  MEASURE_CLI="$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)/measure-cli" \
    bash scripts/check-bounds.sh
fi
passed=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .* passed after.*/\1/p' "$log" | awk '{s += $1} END {print s + 0}')
echo "tests: ${passed} passed, 0 failed"
