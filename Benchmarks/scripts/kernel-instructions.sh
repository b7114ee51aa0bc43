#!/usr/bin/env bash
# Instructions per string of the C text kernels (callgrind, so machine load does not matter) for
# one or more source trees, e.g. a commit against the working tree:
#   git archive OLD Sources/CTextKernels | tar -x -C /tmp/old
#   Benchmarks/scripts/kernel-instructions.sh /tmp/old .
# For each tree: warm (text cached), new (text cache emptied before each string; the figure
# includes emptying a 16-text cache) and cold (both emptied).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$root/Benchmarks/TextData/ui-strings.jsonl" "$tmp/ui.bin" <<'PY'
import json, sys
with open(sys.argv[1]) as f, open(sys.argv[2], "wb") as out:
    for line in f:
        b = json.loads(line).encode()
        out.write(len(b).to_bytes(4, "little")); out.write(b)
PY
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | grep -o "Collected : [0-9]*" | grep -o "[0-9]*$"; }
for tree in "$@"; do
  src="$tree/Sources/CTextKernels"
  flags=()
  grep -q "tl_fill_bmp_context" "$src/include/CTextKernels.h" && flags+=(-DTL_HAS_CONTEXT)
  grep -q "tl_fill_bmp_joint_classes" "$src/include/CTextKernels.h" && flags+=(-DTL_HAS_JOINT_CLASSES)
  clang -O2 "${flags[@]}" -I"$src/include" -I"$src" $(pkg-config --cflags harfbuzz icu-uc) \
    "$here/kernel-instructions.c" "$src"/*.c -o "$tmp/k" $(pkg-config --libs harfbuzz icu-uc) -lpthread
  line="$tree:"
  for mode in "warm 2 6" "new 2 4" "cold 1 2"; do
    set -- $mode
    a=$(ir "$tmp/k" "$1" "$2" "$root/Fonts" "$tmp/ui.bin")
    b=$(ir "$tmp/k" "$1" "$3" "$root/Fonts" "$tmp/ui.bin")
    line="$line $1 $(( (b - a) / (($3 - $2) * 1000) ))"
  done
  echo "$line instructions per string"
done
