#!/usr/bin/env bash
# Packs a measure-cli binary and the bundled fonts into one archive for a cluster's executors:
# bin/measure-cli and Fonts/ (the binary finds its fonts in ../Fonts beside itself).
# Usage: Examples/spark/pack.sh MEASURE_CLI_BINARY OUT.tar.gz
set -euo pipefail
binary=$1 out=$2
root="$(cd "$(dirname "$0")/../.." && pwd)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/Fonts"
cp "$binary" "$stage/bin/measure-cli"
cp "$root"/Fonts/*.ttf "$root"/Fonts/LICENSE-* "$stage/Fonts/"
tar -czf "$out" -C "$stage" bin Fonts
