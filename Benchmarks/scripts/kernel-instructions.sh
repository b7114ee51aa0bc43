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
# ONLY=latin (strings of Latin-1, Latin Extended and general punctuation) or ONLY=cjk (Chinese:
# ideographs, CJK and fullwidth punctuation, ASCII but no letter) measures that part of the 1,000
# strings alone, repeated up to 1,000. MODES="warm new" leaves out the (slow) cold mode.
python3 - "$root/Benchmarks/TextData/ui-strings.jsonl" "$tmp/ui.bin" "${ONLY:-}" <<'PY'
import json, re, sys
def kind(t):
    if all(ord(c) < 0x250 or 0x2000 <= ord(c) <= 0x206F for c in t): return "latin"
    if re.search("[\u4e00-\u9fff]", t) and not re.search("[A-Za-z]", t) and \
       all(ord(c) < 0x2000 or 0x2E80 <= ord(c) <= 0x9FFF or 0xFF00 <= ord(c) <= 0xFFEF for c in t): return "cjk"
    return "other"
with open(sys.argv[1]) as f:
    texts = [json.loads(line) for line in f]
if sys.argv[3]:
    chosen = [t for t in texts if kind(t) == sys.argv[3]]
    texts = [chosen[i % len(chosen)] for i in range(1000)]
with open(sys.argv[2], "wb") as out:
    for t in texts:
        b = t.encode()
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
    case " ${MODES:-warm new cold} " in *" ${mode%% *} "*) ;; *) continue ;; esac
    set -- $mode
    a=$(ir "$tmp/k" "$1" "$2" "$root/Fonts" "$tmp/ui.bin")
    b=$(ir "$tmp/k" "$1" "$3" "$root/Fonts" "$tmp/ui.bin")
    line="$line $1 $(( (b - a) / (($3 - $2) * 1000) ))"
  done
  echo "$line instructions per string"
done
