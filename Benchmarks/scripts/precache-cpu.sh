#!/usr/bin/env bash
# CPU time of precaching the 10,000-row feed (2 workers, 1 worker) against measuring it on one
# thread, for a host whose load hides what two free cores would give: each benchmark runs in its
# own process under `perf stat -e task-clock`, RUNS rounds in rotating order; CPU per iteration is
# the process's task-clock over (iterations + 3 warm-up), setup included (the same feed setup in
# all three). Prints the medians and the CPU ratio: 2-worker CPU / one-thread CPU at most 1.15
# means two free cores finish at least 1.7x sooner than one thread (2 / 1.15 = 1.74).
# Usage (after `swift build -c release --product CacheBenchmarks` in Benchmarks/):
#   Benchmarks/scripts/precache-cpu.sh [RUNS]
set -euo pipefail
runs=${1:-5}
cd "$(dirname "$0")/.."
bin=.build/release/CacheBenchmarks
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
  perf stat -e task-clock -x, -o "$tmp/stat" "$bin" --filter "$1" > "$tmp/out" 2>&1
  local cpu iterations wall
  cpu=$(cut -d, -f1 "$tmp/stat" | grep -E '^[0-9.]+$' | head -1)
  iterations=$(grep -m1 "Total count" "$tmp/out" | sed 's/.*Total count *= *//; s/\]//')
  # The wall-clock histogram's median line (percentile 0.5).
  wall=$(awk '/^Time \(wall clock\)/{on=1} on && $2=="0.500000000000"{print $1; exit}' "$tmp/out")
  echo "$2 $(echo "$cpu / ($iterations + 3)" | bc -l) $(echo "$wall / 1000000" | bc -l)" >> "$tmp/results"
}
two='Precache 10,000.*2 cores' one='Precache 10,000.*1 worker' peer='Peer: 10,000.*'
for i in $(seq "$runs"); do
  case $((i % 3)) in
    0) run "$two" two; run "$one" one; run "$peer" peer ;;
    1) run "$peer" peer; run "$two" two; run "$one" one ;;
    2) run "$one" one; run "$peer" peer; run "$two" two ;;
  esac
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for which in peer one two; do
  cpu=$(awk -v w="$which" '$1==w {print $2}' "$tmp/results" | median)
  wall=$(awk -v w="$which" '$1==w {print $3}' "$tmp/results" | median)
  printf '%-5s CPU %6.1f ms an iteration, wall p50 %6.1f ms\n' "$which" "$cpu" "$wall"
  eval "cpu_$which=$cpu"
done
printf 'CPU ratio, 2 workers / one thread: %.3f; 1 worker / one thread: %.3f\n' \
  "$(echo "$cpu_two / $cpu_peer" | bc -l)" "$(echo "$cpu_one / $cpu_peer" | bc -l)"
