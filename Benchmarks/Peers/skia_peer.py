#!/usr/bin/env python3
"""Skia's paragraph layout (skia-python's `skia.textlayout`, PyPI) against measure-cli on the
same label texts, in the same run.

    python3 Benchmarks/Peers/skia_peer.py --cli .build/release/measure-cli [--runs 3]

The texts are Benchmarks/TextData/ui-strings.jsonl (1,000 UI strings, English, Chinese, mixed,
emoji), each measured at 343, 288 and 200 pt in turn, 15 pt, DejaVu Sans with Droid Sans
Fallback and Noto Color Emoji for what it lacks, all from Fonts/ (no system fonts).

- Skia: each pass builds a new FontCollection (so its paragraph cache starts empty and every
  text is new to it; the glyph caches stay warm after the first pass, which is not counted) and
  for every string builds a paragraph, lays it out at the width and reads its height. Python's
  share is about ten calls of ~0.2 us per string (measured: one trivial call).
- measure-cli: the same strings as rows of a one-label template (the label pinned to the row's
  edges at the same widths), 100 passes over the 1,000 strings (100,000 rows) with --jobs 1, so
  each text is new to the 256-text cache while its words are shaped already, as for Skia. Its
  time is the whole process (start, reading, output), so it also pays for the row layout Skia
  does not do.
Runs alternate and medians are printed: microseconds per string for each and the ratio.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import skia

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIDTHS = [343.0, 288.0, 200.0]
FAMILIES = ["DejaVu Sans", "Droid Sans Fallback", "Noto Color Emoji"]


class SkiaLabels:
    """Label heights by skia.textlayout with only the bundled fonts."""

    def __init__(self, fonts):
        self.provider = skia.textlayout.TypefaceFontProvider()
        for name in ("DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"):
            self.provider.registerTypeface(skia.Typeface.MakeFromFile(os.path.join(fonts, name)))
        self.unicode = skia.Unicode()
        self.text_style = skia.textlayout.TextStyle()
        self.text_style.setFontSize(15)
        self.text_style.setFontFamilies(FAMILIES)
        self.paragraph_style = skia.textlayout.ParagraphStyle()
        self.paragraph_style.setTextStyle(self.text_style)

    def one_pass(self, strings):
        """Seconds for one pass over the strings with an empty paragraph cache, and the heights."""
        collection = skia.textlayout.FontCollection()
        collection.setDefaultFontManager(self.provider)
        heights = []
        start = time.perf_counter()
        for i, text in enumerate(strings):
            builder = skia.textlayout.ParagraphBuilder.make(self.paragraph_style, collection, self.unicode)
            builder.pushStyle(self.text_style)
            builder.addText(text)
            paragraph = builder.Build()
            paragraph.layout(WIDTHS[i % len(WIDTHS)])
            heights.append(paragraph.Height)
        return time.perf_counter() - start, heights

    def call_seconds(self):
        """One trivial skia-python call: the Python-to-C++ overhead each of its calls pays."""
        start = time.perf_counter()
        for _ in range(100000):
            self.text_style.setFontSize(15)
        return (time.perf_counter() - start) / 100000


def label_document(strings, passes):
    """The strings as rows of one-label templates whose label is 343, 288 or 200 pt wide."""
    templates = {}
    for w in WIDTHS:
        templates["W%d" % w] = {
            "views": [{"id": "t", "label": {"text": "${text}", "size": 15, "lines": 0}}],
            "constraints": ["t.leading == super.leading + 16", "t.trailing == super.trailing - %g" % (375 - 16 - w),
                            "t.top == super.top", "super.bottom == t.bottom"],
        }
    rows = [{"template": "W%d" % WIDTHS[i % 3], "text": text}
            for _ in range(passes) for i, text in enumerate(strings)]
    return {"list": {"width": 375, "scale": 2, "separator": False}, "templates": templates,
            "sections": [{"autoHeight": True, "rows": rows}]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=os.path.join(ROOT, ".build/release/measure-cli"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--passes", type=int, default=100, help="passes over the strings for measure-cli")
    args = parser.parse_args()

    with open(os.path.join(ROOT, "Benchmarks/TextData/ui-strings.jsonl"), encoding="utf-8") as f:
        strings = [json.loads(line) for line in f if line.strip()]
    folder = tempfile.mkdtemp(prefix="skia-peer-")
    document = os.path.join(folder, "labels.json")
    with open(document, "w", encoding="utf-8") as f:
        json.dump(label_document(strings, args.passes), f, ensure_ascii=False)
    rows = len(strings) * args.passes

    skia_labels = SkiaLabels(os.path.join(ROOT, "Fonts"))
    skia_labels.one_pass(strings)  # glyph caches and first-use costs, not counted
    skia_us, ours_us = [], []
    for _ in range(args.runs):
        seconds, heights = skia_labels.one_pass(strings)
        skia_us.append(seconds / len(strings) * 1e6)
        start = time.monotonic()
        subprocess.run([args.cli, "--quiet", "--jobs", "1", document], stdout=subprocess.DEVNULL, check=True)
        ours_us.append((time.monotonic() - start) / rows * 1e6)
    call_us = skia_labels.call_seconds() * 1e6
    skia_med, ours_med = statistics.median(skia_us), statistics.median(ours_us)
    print("skia-python %s (skia.textlayout), %d strings, %d runs alternating, medians:" % (skia.__version__, len(strings), args.runs))
    print("  Skia: %.1f us per string (new paragraph, warm glyphs; Python's share ~%.1f us: 10 calls of %.2f us)"
          % (skia_med, 10 * call_us, call_us))
    print("  measure-cli --jobs 1: %.2f us per one-label row (%d rows, whole process)" % (ours_med, rows))
    print("  Skia / measure-cli: %.1fx (%.1fx without Python's share)"
          % (skia_med / ours_med, (skia_med - 10 * call_us) / ours_med))


if __name__ == "__main__":
    main()
