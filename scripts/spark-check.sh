#!/usr/bin/env bash
# The Spark example as a check: builds measure-cli with the Swift runtime linked in
# (--static-swift-stdlib, as shipped to executors), packs it with Fonts/, installs a Java
# runtime (Debian) and pyspark (PyPI) where missing, then runs Examples/spark/measure_feed.py:
# a 100,000-row feed in 8 partitions under local[2], each partition piped through
# `measure-cli --stream --document cells.json -`, heights joined by key and compared with one
# plain measure-cli run. Prints "spark-check: PASS ..." or "spark-check: FAIL ..."; exits 1 on
# a mismatch. Usage: bash scripts/spark-check.sh [--rows N] [--partitions N]
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# pyspark 4 needs Java 17 or later.
java_major=$( (java -version 2>&1 || true) | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
if [ -z "$java_major" ] || [ "$java_major" -lt 17 ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
python3 -c 'import pyspark' 2>/dev/null || python3 -m pip install --quiet pyspark

swift build -c release --static-swift-stdlib --product measure-cli --scratch-path .build-static >&2
binary="$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)/measure-cli"
echo "spark-check: $binary needs only these shared libraries:" >&2
ldd "$binary" | awk '{print "  " $1}' >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash Examples/spark/pack.sh "$binary" "$work/measure-cli.tar.gz"
python3 Examples/spark/measure_feed.py --package "$work/measure-cli.tar.gz" "$@"
