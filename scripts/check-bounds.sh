#!/usr/bin/env bash
# Runs every scripts/bounds/*.sh: time and memory bounds measured as peak RSS and ratios to
# linear (never absolute times), each with wide margins. Stops at the first that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
for check in scripts/bounds/*.sh; do
  echo "== $check" >&2
  bash "$check"
done
