#!/usr/bin/env python3
"""The end-to-end peer: the feed's row heights from headless Chromium against measure-cli, on the
same rows in the same run.

    python3 Benchmarks/Peers/browser_peer.py --cli .build/release/measure-cli [--rows 20000] [--runs 3]

Chromium (Debian's `chromium`) gets the feed (scripts/make-examples.py) as HTML/CSS: FeedCell as
flexbox with the template's fonts, sizes and spacing, `overflow-wrap: anywhere`, under a private
fontconfig that lists only the bundled Fonts/ with hinting off (and `--font-render-hinting=none`).
The page builds every row, reads each row's height with getBoundingClientRect and times that
with performance.now(), so browser start-up is measured apart (an empty page, same flags).
measure-cli measures the same rows from the whole document, process start included, and its
start-up is measured apart too (a one-row document), so both sides also give rows/s after start-up.
Runs alternate (browser, measure-cli --jobs 1, measure-cli --jobs 2) and medians are printed,
then how many heights agree within half a point. Agreement is counted twice: with CSS's
`line-height: normal` (what a page would say; Chromium rounds each font's ascent and descent to
whole pixels there) and, in one more run, with the line height TextEngine uses for DejaVu Sans
(hhea ascender - descender + lineGap over unitsPerEm, read from the font).
"""
import argparse
import json
import math
import resource
import os
import struct
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <match target="font">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="autohint" mode="assign"><bool>false</bool></edit>
  </match>
</fontconfig>
"""

# FeedCell (scripts/make-examples.py) as flexbox: avatar 40x40 at (16, 12); name (bold 15, one
# line) 10 after the avatar; time (12) at the trailing edge 16 in, on the name's baseline, at
# least 8 after it; detail (14, any number of lines) 6 below the name, 16 from the trailing edge;
# the row ends 12 below the avatar or the detail, whichever is lower. The dot is absolute, as
# it constrains nothing that sets the height.
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
body {{ margin: 0; }}
.cell {{ display: flex; align-items: flex-start; width: 375px; box-sizing: border-box;
         padding: 12px 16px; font-family: "DejaVu Sans"; line-height: {line_height}; position: relative; }}
.avatar {{ flex: none; width: 40px; height: 40px; margin-right: 10px; }}
.body {{ flex: 1 1 0; min-width: 0; }}
.head {{ display: flex; align-items: baseline; }}
.name {{ flex: 0 1 auto; min-width: 0; font-weight: bold; font-size: 15px; white-space: nowrap;
         overflow: hidden; text-overflow: ellipsis; }}
.time {{ flex: none; margin-left: auto; padding-left: 8px; font-size: 12px; white-space: nowrap; }}
.detail {{ margin-top: 6px; font-size: 14px; white-space: pre-wrap; overflow-wrap: anywhere; }}
.dot {{ position: absolute; left: 52px; top: 8px; width: 8px; height: 8px; }}
</style></head><body><div id="list"></div>
<script type="application/json" id="rows">{rows}</script>
<script>
const rows = JSON.parse(document.getElementById("rows").textContent);
const start = performance.now();
const list = document.getElementById("list");
const cells = [];
for (const row of rows) {{
  const cell = document.createElement("div"); cell.className = "cell";
  cell.innerHTML = '<div class="avatar"></div><div class="body"><div class="head"><div class="name"></div>' +
                   '<div class="time"></div></div><div class="detail"></div></div>' + (row.unread ? '<div class="dot"></div>' : '');
  cell.querySelector(".name").textContent = row.name;
  cell.querySelector(".time").textContent = row.time;
  cell.querySelector(".detail").textContent = row.detail;
  list.appendChild(cell);
  cells.push(cell);
}}
const heights = cells.map(c => c.getBoundingClientRect().height);
const ms = performance.now() - start;
list.remove();
const out = document.createElement("pre"); out.id = "out";
out.textContent = JSON.stringify({{ms, heights}});
document.body.appendChild(out);
</script></body></html>
"""


def line_height_ratio(path):
    """(ascender - descender + lineGap) / unitsPerEm from a font's hhea and head tables."""
    with open(path, "rb") as f:
        data = f.read()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag] = offset
    units = struct.unpack(">H", data[tables[b"head"] + 18:tables[b"head"] + 20])[0]
    ascender, descender, gap = struct.unpack(">hhh", data[tables[b"hhea"] + 4:tables[b"hhea"] + 10])
    return (ascender - descender + gap) / units


def write_page(path, rows, line_height):
    with open(path, "w", encoding="utf-8") as f:
        f.write(PAGE.format(rows=json.dumps(rows, ensure_ascii=False).replace("</", "<\\/"), line_height=line_height))


def page_result(dom):
    """The JSON the page leaves in its <pre id="out">."""
    text = dom[dom.index('<pre id="out">') + len('<pre id="out">'):dom.index("</pre>")]
    return json.loads(text.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))


def children_cpu():
    """CPU seconds (user + system) of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def chromium(url, env, folder):
    """Runs headless Chromium on a page; returns (wall seconds, dumped DOM)."""
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--font-render-hinting=none",
               "--user-data-dir=" + os.path.join(folder, "profile"), "--dump-dom", url]
    start = time.monotonic()
    out = subprocess.run(command, env=env, capture_output=True, check=True).stdout.decode()
    return time.monotonic() - start, out


def run_cli(cli, document, jobs):
    """One measure-cli run over the whole document: (wall seconds, heights by key)."""
    start = time.monotonic()
    out = subprocess.run([cli, "--quiet", "--jobs", str(jobs), document], capture_output=True, check=True).stdout
    seconds = time.monotonic() - start
    return seconds, {r["key"]: r["height"] for r in map(json.loads, out.decode().splitlines()) if "key" in r}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=os.path.join(ROOT, ".build/release/measure-cli"))
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--show", type=int, default=8, help="disagreeing rows to print")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="browser-peer-")
    document = os.path.join(folder, "feed.json")
    subprocess.check_call([sys.executable, os.path.join(ROOT, "scripts/make-examples.py"),
                           "--feed-rows", str(args.rows), "--out", document])
    with open(document, encoding="utf-8") as f:
        feed = json.load(f)
    rows = [row for section in feed["sections"] for row in section["rows"]]
    scale = feed["list"]["scale"]

    with open(os.path.join(folder, "fonts.conf"), "w") as f:
        f.write(FONTS_CONF.format(fonts=os.path.join(ROOT, "Fonts"), cache=os.path.join(folder, "fontcache")))
    env = dict(os.environ, FONTCONFIG_FILE=os.path.join(folder, "fonts.conf"))
    page = os.path.join(folder, "feed.html")
    write_page(page, rows, "normal")
    ratio = line_height_ratio(os.path.join(ROOT, "Fonts", "DejaVuSans.ttf"))
    page_exact = os.path.join(folder, "feed-line-height.html")
    write_page(page_exact, rows, repr(ratio))
    # measure-cli's start-up (fonts, templates, one row) is measured apart as the browser's is.
    one_row = dict(feed, sections=[dict(feed["sections"][0], rows=feed["sections"][0]["rows"][:1])])
    one_row_document = os.path.join(folder, "feed-one-row.json")
    with open(one_row_document, "w", encoding="utf-8") as f:
        json.dump(one_row, f)
    empty = os.path.join(folder, "empty.html")
    with open(empty, "w") as f:
        f.write("<!doctype html><title>empty</title>")

    chromium("file://" + empty, env, folder)  # the font cache and profile, made once
    startup, layout, browser_wall, ours, ours_startup = [], [], [], {1: [], 2: []}, []
    startup_cpu, browser_cpu, ours_cpu = [], [], {1: [], 2: []}
    heights = None
    for _ in range(args.runs):
        cpu = children_cpu()
        startup.append(chromium("file://" + empty, env, folder)[0])
        startup_cpu.append(children_cpu() - cpu)
        cpu = children_cpu()
        wall, dom = chromium("file://" + page, env, folder)
        browser_cpu.append(children_cpu() - cpu)
        result = page_result(dom)
        browser_wall.append(wall)
        layout.append(result["ms"] / 1000)
        heights = result["heights"]
        ours_startup.append(run_cli(args.cli, one_row_document, 1)[0])
        for jobs in (1, 2):
            cpu = children_cpu()
            seconds, measured = run_cli(args.cli, document, jobs)
            ours_cpu[jobs].append(children_cpu() - cpu)
            ours[jobs].append(seconds)

    med = statistics.median
    browser_rate = len(rows) / med(layout)
    version = subprocess.run(["chromium", "--version"], capture_output=True).stdout.decode().strip()
    print("%s, %d feed rows, %d runs alternating, medians:" % (version, len(rows), args.runs))
    print("  browser start-up (empty page):   %.2f s" % med(startup))
    print("  browser layout after start-up:    %.2f s  (%.0f rows/s; whole process %.2f s)"
          % (med(layout), browser_rate, med(browser_wall)))
    for jobs in (1, 2):
        rate = len(rows) / med(ours[jobs])
        print("  measure-cli --jobs %d (process):  %.3f s  (%.0f rows/s): %.0fx the browser's rows/s"
              % (jobs, med(ours[jobs]), rate, rate / browser_rate))
    print("  measure-cli start-up (one-row document): %.3f s" % med(ours_startup))
    for jobs in (1, 2):
        after = med(ours[jobs]) - med(ours_startup)
        print("  measure-cli --jobs %d after start-up: %.3f s  (%.0f rows/s): %.0fx the browser's rows/s"
              % (jobs, after, len(rows) / after, len(rows) / after / browser_rate))
    # CPU time, which the host's other load does not inflate as it does wall time: all of
    # Chromium's processes for the feed page less those for the empty page, against measure-cli's.
    browser_net = med(browser_cpu) - med(startup_cpu)
    print("  CPU: browser %.2f s for the page less %.2f s for the empty page = %.2f s (%.0f rows/s)"
          % (med(browser_cpu), med(startup_cpu), browser_net, len(rows) / browser_net))
    for jobs in (1, 2):
        print("  CPU: measure-cli --jobs %d %.3f s (%.0f rows/s): %.0fx"
              % (jobs, med(ours_cpu[jobs]), len(rows) / med(ours_cpu[jobs]), browser_net / med(ours_cpu[jobs])))

    exact_heights = page_result(chromium("file://" + page_exact, env, folder)[1])["heights"]
    report_agreement("line-height: normal", rows, heights, measured, scale, args.show, folder)
    report_agreement("line-height: %.7g (DejaVu Sans' own)" % ratio, rows, exact_heights, measured, scale, args.show, folder)


def script_kind(row):
    """Which fonts a row's text needs: CJK (Droid Sans Fallback), emoji, or DejaVu Sans alone."""
    text = row["name"] + row["time"] + row["detail"]
    if any(0x3000 <= ord(c) <= 0x9FFF or 0xFF00 <= ord(c) <= 0xFFEF for c in text):
        return "CJK"
    if any(ord(c) >= 0x1F000 or 0x2600 <= ord(c) <= 0x27BF for c in text):
        return "emoji"
    return "Latin"


def report_agreement(label, rows, heights, measured, scale, show, folder):
    """Counts heights within half a point of measure-cli's and prints the farthest apart. The
    browser's height is stated as measure-cli states one: plus the separator (1/scale), rounded
    up to the pixel grid."""
    def on_grid(h):
        return math.ceil((h + 1 / scale) * scale - 1e-9) / scale
    agree, equal, off = 0, 0, []
    for row, h in zip(rows, heights):
        theirs, mine = on_grid(h), measured[row["key"]]
        equal += theirs == mine
        if abs(theirs - mine) <= 0.5:
            agree += 1
        else:
            off.append((mine - theirs, row, theirs, mine))
    higher = sum(1 for d, *_ in off if d > 0)
    print("  %s: heights within 0.5 pt %d of %d (%.2f%%), equal %d; of the rest ours is higher in %d, lower in %d"
          % (label, agree, len(rows), 100 * agree / len(rows), equal, higher, len(off) - higher))
    kinds = {}
    for row in rows:
        kinds.setdefault(script_kind(row), [0, 0])[0] += 1
    for _, row, _, _ in off:
        kinds[script_kind(row)][1] += 1
    print("    disagreeing by script: " + ", ".join("%s %d of %d" % (k, v[1], v[0]) for k, v in sorted(kinds.items())))
    off.sort(key=lambda item: -abs(item[0]))
    for delta, row, theirs, mine in off[:show]:
        print("    %s ours %g, browser %g: %r" % (row["key"], mine, theirs, row["detail"][:80]))
    path = os.path.join(folder, "disagreements-%s.json" % ("normal" if "normal" in label else "font"))
    with open(path, "w", encoding="utf-8") as f:
        json.dump([{"key": r["key"], "ours": m, "browser": t, "detail": r["detail"]} for _, r, t, m in off], f,
                  ensure_ascii=False, indent=1)
    print("    every disagreeing row: %s" % path)


if __name__ == "__main__":
    main()
