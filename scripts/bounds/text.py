#!/usr/bin/env python3
"""Time and memory bounds of the text engine, through measure-cli (issue 13's text part).

Usage: text.py MEASURE_CLI. Each check runs measure-cli under /usr/bin/time -v and compares a
big input with a small one of the same kind: peak RSS must stay a small multiple of the text,
`--stream` RSS must not grow with the number of lines, and time must grow about linearly.
Margins are wide (a noisy 2-core machine never trips them); a quadratic or leaking engine
misses them by far. Prints one line per check; exits 1 when any fails.
"""
import json, os, re, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds_common import WORDS, Checks, label_document as document, words as joined_words

CLI = sys.argv[1]
checks = Checks("tl-bounds-text-")
write, check = checks.write, checks.check


def run(args, stdin_path=None):
    """(peak RSS in MB, wall seconds, stdout) of measure-cli with `args`."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        start = time.monotonic()
        p = subprocess.run(["/usr/bin/time", "-v", CLI] + args, stdin=stdin, capture_output=True)
        wall = time.monotonic() - start
    if p.returncode != 0:
        sys.exit(f"measure-cli {' '.join(args)} failed ({p.returncode}): {p.stderr.decode()[-500:]}")
    rss = int(re.search(rb"Maximum resident set size \(kbytes\): (\d+)", p.stderr).group(1)) / 1024
    return rss, wall, p.stdout


def words(n_bytes):
    """English-like text of about n_bytes (ASCII), a few hundred distinct words."""
    return joined_words(n_bytes, WORDS + ["the", "a", "layout", "height"])


baseline, _, _ = run([write("empty.json", json.dumps(document([{"t": "x"}])))])

# One label of 10 MB: its peak RSS above an empty run is at most 20 times the text.
for kind, text in [("words", words(10 << 20)), ("one word", "x" * (10 << 20))]:
    rss, wall, _ = run([write("big.json", json.dumps(document([{"t": text}])))])
    check(f"10 MB label ({kind}) peak RSS", rss - baseline <= 20 * 10,
          f"{rss - baseline:.0f} MB above an empty run ({(rss - baseline) / 10:.1f} x the text), {wall:.1f} s")

# Time is linear in the label: 10 MB within 25 times 1 MB (linear: 10).
small = run([write("t1.json", json.dumps(document([{"t": words(1 << 20)}])))])[1]
large = run([write("t10.json", json.dumps(document([{"t": words(10 << 20)}])))])[1]
check("10 MB vs 1 MB label time", large <= 25 * max(small, 0.05), f"{large:.2f} s vs {small:.2f} s")

# 'a' and N combining marks: 100,000 marks within 25 times 10,000 (linear: 10; it was 100).
marks = {n: "a" + "\u0301" * n for n in (10_000, 100_000)}
times = {n: run([write(f"m{n}.json", json.dumps(document([{"t": t}])))])[1] for n, t in marks.items()}
check("100k vs 10k combining marks time", times[100_000] <= 25 * max(times[10_000], 0.05),
      f"{times[100_000]:.2f} s vs {times[10_000]:.2f} s")

# --stream with 1 MB lines: 40 lines peak within 64 MB of 4 lines (it grew ~45 MB a line).
stream = {}
for n in (4, 40):
    lines = [json.dumps(document(None))] + [json.dumps({"t": words(1 << 20) + f" {i}"}) for i in range(n)]
    stream[n] = run(["--stream", write(f"s{n}.jsonl", "\n".join(lines) + "\n")])
check("--stream 40 vs 4 lines of 1 MB peak RSS", stream[40][0] <= stream[4][0] + 64,
      f"{stream[40][0]:.0f} MB vs {stream[4][0]:.0f} MB")
check("--stream 40 vs 4 lines of 1 MB time", stream[40][1] <= 25 * max(stream[4][1], 0.05),
      f"{stream[40][1]:.2f} s vs {stream[4][1]:.2f} s")

# --stream with one 20 MB line: its peak RSS at most 20 times the line (it was 8 GB for 50 MB).
line = [json.dumps(document(None)), json.dumps({"t": words(20 << 20)})]
rss, wall, _ = run(["--stream", write("s20.jsonl", "\n".join(line) + "\n")])
check("--stream one 20 MB line peak RSS", rss - baseline <= 20 * 20,
      f"{rss - baseline:.0f} MB above an empty run ({(rss - baseline) / 20:.1f} x), {wall:.1f} s")

checks.finish()
