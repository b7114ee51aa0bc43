#!/usr/bin/env bash
# Checks time and memory bounds that timing tests cannot: runs every scripts/bounds/*.sh against
# a release build of measure-cli and fails when any of them reports a violation. Bounds are
# peak RSS (from /usr/bin/time -v), ratios to linear and time limits (timeout), each with wide
# margins so that a noisy 2-core machine never trips them.
#   bash scripts/check-bounds.sh                 # builds the release binary first
#   MEASURE_CLI=path/to/measure-cli bash scripts/check-bounds.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "check-bounds: /usr/bin/time is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
if [ -z "${MEASURE_CLI:-}" ]; then
  swift build -c release --product measure-cli >&2
  MEASURE_CLI="$(swift build -c release --show-bin-path)/measure-cli"
fi
export MEASURE_CLI
failed=0
for script in scripts/bounds/*.sh; do
  if bash "$script"; then
    echo "bounds: $(basename "$script") ok"
  else
    echo "bounds: $(basename "$script") FAILED" >&2
    failed=1
  fi
done
exit "$failed"
