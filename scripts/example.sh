#!/usr/bin/env bash
# Measures the bundled feed example with the bundled default font and prints one JSON line per row.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product measure-cli >&2
.build/release/measure-cli "${@:-Examples/feed.json}"
