#!/usr/bin/env bash
# Runs the whole test suite: installs dependencies, builds, and runs every test; then the
# many-thread HeightCache stress test again under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
if [ $# -eq 0 ]; then
  # Only the cache's concurrency suite: on Linux, TSan cannot see Synchronization.Mutex's lock, so
  # code guarding state with a plain Mutex is reported falsely; the cache tells TSan about its lock.
  swift test --sanitize=thread --scratch-path .build-tsan --filter CacheConcurrencyTests
fi
