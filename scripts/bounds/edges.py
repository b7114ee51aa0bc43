#!/usr/bin/env python3
"""Issue 31's time and memory bounds, through measure-cli.

Usage: edges.py MEASURE_CLI. Each check runs measure-cli under /usr/bin/time and compares a big
input with a small one of the same kind (a ratio to linear) or with a bound far below what the
quadratic or amplifying code took. Times are CPU seconds (user + system), so that other work on
a shared machine does not count. Margins are wide; prints one line per check; exits 1 when any fails.
"""
import json, os, random, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds_common import LABEL_TEMPLATE as LABEL, Checks, label_document as document, words

CLI = sys.argv[1]
checks = Checks("tl-bounds-edges-")
write, check = checks.write, checks.check
TMP = checks.folder


def run(args, expect=0):
    """(peak RSS in MB, CPU seconds, stdout, stderr) of measure-cli with `args`."""
    p = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S %M", CLI] + args, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=300)
    user, system, rss = re.search(rb"TIME ([\d.]+) ([\d.]+) (\d+)", p.stderr).groups()
    stderr = p.stderr.decode(errors="replace")
    if p.returncode != expect:
        sys.exit(f"measure-cli {' '.join(args)[:200]} exited {p.returncode}, expected {expect}: {stderr[-500:]}")
    return int(rss) / 1024, float(user) + float(system), p.stdout, stderr


def label_document(text):
    return document([{"t": text}])


baseline = run([write("empty.json", json.dumps(label_document("x")))])[0]

# 1. JSON objects: an ignored member holding n names; 800,000 within 10 times 200,000 (linear 4).
times = {}
for n in (200_000, 800_000):
    members = ",".join(f'"m{i}":{i}' for i in range(n))
    path = write(f"object{n}.json", '{"ignored":{' + members + '},"sections":[{"height":44}]}')
    times[n] = run(["--quiet", path])[1]
check("object of 800k vs 200k names, time", times[800_000] <= 10 * max(times[200_000], 0.05),
      f"{times[800_000]:.2f} s vs {times[200_000]:.2f} s (linear 4, limit 10)")


# 2. Template size: an 8,000-box chain (3.7 GB before) is refused at once; 500 (the limit) measures.
def chain(n):
    views = [{"id": f"v{i}", "view": {"width": 10, "height": 10}} for i in range(n)]
    constraints = ["v0.top == super.top", f"super.bottom == v{n - 1}.bottom"]
    constraints += [f"v{i}.top == v{i - 1}.bottom" for i in range(1, n)]
    return json.dumps({"templates": {"T": {"views": views, "constraints": constraints}},
                       "sections": [{"template": "T", "autoHeight": True, "rows": [{}]}]})


rss, cpu, _, err = run([write("chain8000.json", chain(8000))], expect=67)
check("8,000-box chain refused", "8000 views is more than the limit of 500 views" in err and rss < 300 and cpu < 20,
      f"{rss:.0f} MB, {cpu:.2f} s: {err.strip()[:120]}")
rss, cpu, out, _ = run(["--quiet", write("chain500.json", chain(500))])
check("500-box chain measured", out.strip() == b'{"section":0,"row":0,"height":5000.5}' and rss < 300,
      f"{rss:.0f} MB, {cpu:.2f} s")


# 3. One overlong word against ordinary text of the same size (10 MB each).
rng = random.Random(31)
size = 10 << 20
letters = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(size))
pairs = [
    ("one word of one letter", "x" * size, "ordinary words", words(size)),
    ("one word of random letters", letters, "random words",
     " ".join(letters[i:i + 7] for i in range(0, size - 7, 8))),
]
for word_name, word, text_name, text in pairs:
    word_cpu = run(["--quiet", write("word.json", json.dumps(label_document(word)))])[1]
    text_cpu = run(["--quiet", write("text.json", json.dumps(label_document(text)))])[1]
    check(f"10 MB {word_name} vs {text_name}, CPU time", word_cpu <= 3 * max(text_cpu, 0.1),
          f"{word_cpu:.2f} s vs {text_cpu:.2f} s (limit 3x)")

# 4. --config rows: 400,000 within 6 times the memory of 100,000 (linear 4); the issue's
# 1,600 lines over a 1,000-element array refused by the row limit.
config_rss = {}
for n in (100_000, 400_000):
    data = {"list": {"rowHeight": 44}, "templates": {}, "data": {"items": list(range(n))}}
    data_path = write(f"data{n}.json", json.dumps(data))
    config_rss[n] = run(["--quiet", "--config", write("rows.tableViewConfig", "section\nrow -s items\n"), data_path])[0]
grow = [config_rss[n] - baseline for n in (100_000, 400_000)]
check("--config 400k vs 100k rows, peak RSS", grow[1] <= 6 * max(grow[0], 5),
      f"{grow[1]:.0f} MB vs {grow[0]:.0f} MB above an empty run (linear 4, limit 6)")
data_path = write("data1000.json", json.dumps({"templates": {"T": LABEL}, "data": {"items": list(range(1000))}}))
config = write("many.tableViewConfig", "section -s items -c T\n" * 1600)
rss, cpu, _, err = run(["--config", config, data_path], expect=65)
check("--config of 1.6 million rows refused", "line 501: the config file makes more than 1000000 sections and rows" in err and rss < 600,
      f"{rss:.0f} MB, {cpu:.2f} s: {err.strip()[-120:]}")

# 5. --render of a 10 MB label: within 150 MB of measuring it alone, the picture under 10 MB.
text = words(size)
path = write("render.json", json.dumps(label_document(text)))
plain = run(["--quiet", path])[0]
svg = os.path.join(TMP, "render.svg")
rss, cpu, _, err = run(["--render", svg, path])
svg_mb = os.path.getsize(svg) / (1 << 20)
check("--render of a 10 MB label", rss - plain <= 150 and svg_mb < 10 and "--render drew at most 100000 glyphs" in err,
      f"{rss:.0f} MB vs {plain:.0f} MB without --render, SVG {svg_mb:.1f} MB")

# 6. The error line of a 400 KB constraint stays short.
long = "l.top == super.top + " + "1" * 400_000 + " @"
path = write("long.json", json.dumps({"templates": {"T": {"views": [{"id": "l", "view": {}}], "constraints": [long]}},
                                      "sections": []}))
_, _, _, err = run([path], expect=67)
line = err.split("\n")[0]
check("error line of a 400 KB constraint", len(line.encode()) < 1024, f"{len(line.encode())} bytes")

checks.finish()
