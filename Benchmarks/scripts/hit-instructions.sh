#!/usr/bin/env bash
# Instructions a HeightCache hit costs (callgrind, so machine load does not matter), for one or
# more source trees of this package, e.g. a commit against the working tree:
#   mkdir /tmp/old && git archive OLD | tar -x -C /tmp/old
#   Benchmarks/scripts/hit-instructions.sh /tmp/old .
# Each tree is built into a small probe with the static stdlib and stripped (valgrind cannot read
# the debug info of dynamically linked Swift binaries). The probe asks CacheBenchmarks' "Cache
# hit" questions (a measured 10 x 1,000 list, `IndexPath(row: i & 511, section: i & 7)`); the
# figure is the difference between 2M and 1M hits over 1M, so set-up and warm-up drop out. It
# includes making each path and the probe's loop. A first build of a tree takes minutes.
set -euo pipefail
[ $# -gt 0 ] || set -- "$(cd "$(dirname "$0")/../.." && pwd)"
for tree in "$@"; do
  tree=$(cd "$tree" && pwd)
  work=$(mktemp -d)
  mkdir -p "$work/Sources/Probe"
  cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Probe", platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$tree")],
  targets: [.executableTarget(name: "Probe", dependencies: [.product(name: "TemplateLayout", package: "$(basename "$tree")")])])
EOF
  cat > "$work/Sources/Probe/main.swift" <<'EOF'
import TemplateLayout

struct Flat: HeightSource {
    func numberOfSections() -> Int { 10 }
    func numberOfRows(inSection section: Int) -> Int { 1_000 }
    func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double { 44 }
}

let cache = try HeightCache(source: Flat(), width: 375)
for section in 0..<10 { for row in 0..<1_000 { _ = try cache.height(for: IndexPath(row: row, section: section)) } }

@inline(never) func hits(_ n: Int) -> Double {
    var sum = 0.0
    for index in 0..<n { sum += (try? cache.height(for: IndexPath(row: index & 511, section: index & 7))) ?? 0 }
    return sum
}

_ = hits(100_000)  // warm-up: lets a lock-free read path come up first
print(hits(Int(CommandLine.arguments[1])!))
EOF
  swift build -c release --static-swift-stdlib --package-path "$work" --scratch-path "$work/.build" >&2
  strip --strip-debug -o "$work/probe" "$work/.build/release/Probe"
  count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" --collect-atstart=no \
      --toggle-collect='*5Probe4hits*' "$work/probe" "$1" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  one=$(count 1000000)
  two=$(count 2000000)
  echo "$tree: $(( (two - one) / 1000000 )) instructions a hit"
  rm -rf "$work"
done
