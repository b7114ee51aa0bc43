#!/usr/bin/env bash
# Text engine bounds (issue 13): peak RSS of long labels and long --stream lines a small
# multiple of the text and flat across lines, time linear in the text and in combining marks.
# Usage: bash scripts/bounds/text.sh [MEASURE_CLI] (default: $MEASURE_CLI, else the debug build's,
# built if missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
cli="${1:-${MEASURE_CLI:-$(swift build --show-bin-path)/measure-cli}}"
[ -x "$cli" ] || swift build --product measure-cli >&2
exec python3 scripts/bounds/text.py "$cli"
