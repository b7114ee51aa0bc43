#!/usr/bin/env bash
# Issue 31's bounds: JSON objects parsed in time linear in their names, template size refused
# before it costs memory, overlong words broken about as fast as ordinary text, --config rows
# and --render pictures bounded, error lines short. Ratios to linear and peak RSS.
# Usage: bash scripts/bounds/edges.sh [MEASURE_CLI] (default: $MEASURE_CLI, else the debug build's).
set -euo pipefail
cd "$(dirname "$0")/../.."
cli="${1:-${MEASURE_CLI:-$(swift build --show-bin-path)/measure-cli}}"
[ -x "$cli" ] || swift build --product measure-cli >&2
exec python3 scripts/bounds/edges.py "$cli"
