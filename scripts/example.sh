#!/usr/bin/env bash
# Builds measure-cli and measures the bundled examples with the bundled fonts (Fonts/).
# Usage: bash scripts/example.sh [extra measure-cli options, e.g. --frames or --width 320]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --product measure-cli >&2
cli="$(swift build --show-bin-path)/measure-cli"

echo "== Examples/settings.json as a table" >&2
"$cli" --format table "$@" Examples/settings.json

out="${TMPDIR:-/tmp}/feed-heights.jsonl"
echo "== Examples/feed.json (5,000 rows) -> $out; the first lines:" >&2
"$cli" "$@" Examples/feed.json > "$out"
head -n 6 "$out"

echo "== Examples/storyboard-feed.json (margins, an asset catalog, a section index) as a table" >&2
"$cli" --format table "$@" Examples/storyboard-feed.json
