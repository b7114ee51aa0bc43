#!/usr/bin/env bash
# Instructions per label of TextEngine (callgrind, so machine load does not matter), for one or
# more source trees, e.g. a commit against the working tree:
#   git worktree add /tmp/old OLD && cp -r Benchmarks/Benchmarks/TextInstructions /tmp/old/Benchmarks/Benchmarks/
#   (and its target line in /tmp/old/Benchmarks/Package.swift), then
#   Benchmarks/scripts/text-instructions.sh /tmp/old .
# MODES (default "warm new three plain") as Benchmarks/TextInstructions/main.swift describes them;
# the attributed modes (three, three-new, one, plain) need a tree that has TextRun.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | grep -o "Collected : [0-9]*" | grep -o "[0-9]*$"; }
root=$(cd "$(dirname "$0")/../.." && pwd)
for tree in "$@"; do
  (cd "$tree/Benchmarks" && swift build -c release --product TextInstructions >/dev/null)
  # valgrind cannot read the static build's debug information.
  strip --strip-debug -o "$tmp/t" "$tree/Benchmarks/.build/release/TextInstructions"
  for mode in ${MODES:-warm new three plain}; do
    base=$(ir "$tmp/t" "$root" "$mode" 0)
    more=$(ir "$tmp/t" "$root" "$mode" 4)
    echo "$tree $mode: $(( (more - base) / 4000 )) instructions per label"
  done
done
