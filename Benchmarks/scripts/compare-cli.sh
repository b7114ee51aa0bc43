#!/usr/bin/env bash
# Same-run comparison of two measure-cli binaries on one input: runs them alternately N times
# (so machine load falls on both alike) and prints the median wall and CPU (user + sys) seconds
# of each and the ratio. Outputs must be identical, or it stops.
# Usage: Benchmarks/scripts/compare-cli.sh OLD_BINARY NEW_BINARY INPUT.json [JOBS] [RUNS]
set -euo pipefail
old=$1 new=$2 input=$3 jobs=${4:-1} runs=${5:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$runs"); do
  for which in old new; do
    bin=${!which}
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$bin" --jobs "$jobs" --quiet "$input" > "$tmp/$which.out"
    read -r wall user sys < "$tmp/time"
    echo "$wall $(echo "$user + $sys" | bc)" >> "$tmp/$which.times"
  done
  cmp -s "$tmp/old.out" "$tmp/new.out" || { echo "outputs differ" >&2; exit 1; }
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for which in old new; do
  wall=$(cut -d' ' -f1 "$tmp/$which.times" | median)
  cpu=$(cut -d' ' -f2 "$tmp/$which.times" | median)
  echo "$which: median wall ${wall} s, median CPU ${cpu} s (jobs $jobs, $runs runs)"
  eval "${which}_wall=$wall ${which}_cpu=$cpu"
done
echo "old/new: wall $(echo "scale=2; $old_wall / $new_wall" | bc)x, CPU $(echo "scale=2; $old_cpu / $new_cpu" | bc)x"
