#!/usr/bin/python3
"""Checks measure-cli --render pictures: each must be well-formed XML, and the ink of every
label must lie inside the label's frame, as a real browser (headless Chromium, one launch for
all pictures) and librsvg (rsvg-convert, when installed) draw it.

    scripts/check-render.py [--scale S] [--keep DIR] rows.svg...

How: each picture is copied with only its labels' glyphs left, on black, each label in one
pure colour channel (red, green or blue) so that labels whose frames come near each other get
different channels; labels that cannot be told apart this way go to further copies. Colour
bitmaps (emoji) become boxes of the same size. One HTML page shows every copy side by side;
Chromium screenshots it at S device pixels per point (default 2). Every pixel with some ink
(a channel above 1/8) must lie inside the frame of a label drawn in that channel in that
copy, widened by one device pixel for antialiasing and, sideways, by the label's largest
glyph overhang (a glyph's ink may start left of its origin, as a J's does: the most any of
the label's outlines or bitmaps reaches left of its origin, taken on both sides); and every
label that draws a glyph must leave ink inside its frame. Prints one JSON object (pictures, labels, copies,
failures) and exits 1 when anything failed. Needs python3-pil and chromium (Debian).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import math
import re

from PIL import Image, ImageDraw

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG)
ET.register_namespace("xlink", XLINK)
CHANNELS = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
NEAR = 6.0        # points: frames this close must not share a channel
THRESHOLD = 32    # of 255: a pixel with this much of a channel has ink


def tag(element):
    return element.tag.split("}")[-1]


def overhangs(root):
    """Per glyph definition id: how far, in its own units, its ink reaches left of its origin."""
    found = {}
    for element in root.iter():
        if tag(element) == "path" and element.get("id"):
            xs = [float(v) for v in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", element.get("d") or "")][0::2]
            scale = re.match(r"scale\(([^)]+)\)", element.get("transform") or "scale(1)")
            found[element.get("id")] = max(0.0, -min(xs, default=0.0)) * float(scale.group(1))
        elif tag(element) in ("image", "rect") and element.get("id"):
            found[element.get("id")] = max(0.0, -float(element.get("x") or 0))
    return found


def overhang(group, reach):
    """The most any glyph of a label group reaches left of its origin, in points."""
    most = 0.0
    for line in group.iter("{%s}g" % SVG):
        if not line.get("transform"):
            continue
        scale = float(re.match(r"matrix\(([^ ]+)", line.get("transform")).group(1))
        for use in line.iter("{%s}use" % SVG):
            glyph = (use.get("{%s}href" % XLINK) or use.get("href") or "").lstrip("#")
            most = max(most, reach.get(glyph, 0.0) * scale)
    return most


def labels_of(root):
    """Each label group with its frame: the view rect drawn just before it."""
    found = []
    for parent in root.iter():
        previous = None
        for child in list(parent):
            if tag(child) == "g" and child.get("class") == "label":
                frame = tuple(float(previous.get(k)) for k in ("x", "y", "width", "height"))
                found.append((parent, child, frame))
            if tag(child) == "rect":
                previous = child
    return found


def near(a, b):
    return not (a[0] + a[2] + NEAR < b[0] or b[0] + b[2] + NEAR < a[0] or
                a[1] + a[3] + NEAR < b[1] or b[1] + b[3] + NEAR < a[1])


def colour(frames):
    """Greedy colouring: label i gets the smallest index no near earlier label has."""
    indices = []
    for i, frame in enumerate(frames):
        taken = {indices[j] for j in range(i) if near(frame, frames[j])}
        k = 0
        while k in taken:
            k += 1
        indices.append(k)
    return indices


def ink_copies(path, workdir, number):
    """Writes the picture's ink copies; returns their files, size and labels."""
    tree = ET.parse(path)   # raises on malformed XML
    root = tree.getroot()
    width, height = float(root.get("width")), float(root.get("height"))
    labels = labels_of(root)
    indices = colour([frame for _, _, frame in labels])
    copies = (max(indices) // 3 + 1) if indices else 1
    files = []
    for copy in range(copies):
        tree = ET.parse(path)
        root = tree.getroot()
        for element in root.iter():
            if tag(element) == "image":   # a colour glyph becomes a box of its size
                element.tag = "{%s}rect" % SVG
                for key in list(element.attrib):
                    if key not in ("id", "x", "y", "width", "height"):
                        del element.attrib[key]
        mine = labels_of(root)
        for (parent, group, _), index in zip(mine, indices):
            if index // 3 == copy:
                rgb = "rgb(%d,%d,%d)" % CHANNELS[index % 3]
                group.set("fill", rgb)
                group.set("color", rgb)
        # Everything but the defs and this copy's labels goes; the page is black.
        keep = {id(group) for (_, group, _), index in zip(mine, indices) if index // 3 == copy}

        def prune(element):
            for child in list(element):
                if tag(child) == "defs" or id(child) in keep:
                    continue
                if tag(child) == "g" and any(id(g) in keep for g in child.iter()):
                    prune(child)
                    continue
                element.remove(child)
        prune(root)
        name = os.path.join(workdir, "p%d-c%d.svg" % (number, copy))
        tree.write(name, xml_declaration=True, encoding="utf-8")
        files.append(name)
    reach = overhangs(root)
    entries = [(index // 3, index % 3, frame, group.find(".//{%s}use" % SVG) is not None,
                (group.findtext("{%s}title" % SVG) or "")[:40], overhang(group, reach))
               for (_, group, frame), index in zip(labels, indices)]
    return files, (width, height), entries


def check_pixels(image, left, size, scale, entries, copy, picture, renderer, failures):
    """Ink of `copy` (at `left` device pixels in `image`) against its labels' frames."""
    width, height = int(round(size[0] * scale)), int(round(size[1] * scale))
    region = image.crop((left, 0, left + width, height))
    for channel, band in enumerate(region.split()):
        mask = band.point(lambda v: 255 if v >= THRESHOLD else 0)
        draw = ImageDraw.Draw(mask)
        for n, (c, ch, frame, draws, text, side) in enumerate(entries):
            if c != copy or ch != channel:
                continue
            # The frame widened by the glyphs' overhang, to whole device pixels, plus one for
            # antialiasing.
            box = (math.floor((frame[0] - side) * scale) - 1, math.floor(frame[1] * scale) - 1,
                   math.ceil((frame[0] + frame[2] + side) * scale) + 1, math.ceil((frame[1] + frame[3]) * scale) + 1)
            if draws and mask.crop(box).getbbox() is None:
                failures.append("%s %s: label %r draws glyphs but left no ink in its frame"
                                % (renderer, picture, text))
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=0)
        stray = mask.getbbox()
        if stray:
            failures.append("%s %s: %s ink outside every frame of its colour, in (%.1f, %.1f)-(%.1f, %.1f) pt"
                            % (renderer, picture, ("red", "green", "blue")[channel],
                               stray[0] / scale, stray[1] / scale, stray[2] / scale, stray[3] / scale))


def main(argv):
    scale, keep, paths = 2.0, None, []
    args = iter(argv)
    for arg in args:
        if arg == "--scale":
            scale = float(next(args))
        elif arg == "--keep":
            keep = next(args)
        else:
            paths.append(arg)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print(json.dumps({"failures": ["chromium is not installed (scripts/install-deps.sh installs it)"]}))
        return 1
    workdir = keep or tempfile.mkdtemp(prefix="render-check-")
    os.makedirs(workdir, exist_ok=True)
    failures, pictures, placed, left = [], [], [], 0.0
    for number, path in enumerate(paths):
        try:
            files, size, entries = ink_copies(path, workdir, number)
        except ET.ParseError as error:
            failures.append("%s: not well-formed XML: %s" % (path, error))
            continue
        pictures.append((path, size, entries))
        for copy, name in enumerate(files):
            placed.append((name, left, size, entries, copy, path))
            left += size[0] + 8
    page_width = int(left) + 1
    page_height = int(max((p[2][1] for p in placed), default=1)) + 1
    page = os.path.join(workdir, "page.html")
    with open(page, "w") as f:
        f.write('<!DOCTYPE html><html><body style="margin:0;background:#000">')
        for name, x, size, _, _, _ in placed:
            f.write('<img src="%s" style="position:absolute;left:%gpx;top:0;width:%gpx;height:%gpx">'
                    % (os.path.basename(name), x, size[0], size[1]))
        f.write("</body></html>")
    shot = os.path.join(workdir, "page.png")
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=%g" % scale,
                    "--window-size=%d,%d" % (page_width, page_height),
                    "--screenshot=%s" % shot, "file://" + os.path.abspath(page)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    image = Image.open(shot).convert("RGB")
    for name, x, size, entries, copy, path in placed:
        check_pixels(image, int(round(x * scale)), size, scale, entries, copy, path, "chromium", failures)
    rsvg = shutil.which("rsvg-convert")
    if rsvg:
        for name, x, size, entries, copy, path in placed:
            out = name[:-4] + ".rsvg.png"
            subprocess.run([rsvg, "--zoom=%g" % scale, "--background-color=black", "-o", out, name], check=True)
            check_pixels(Image.open(out).convert("RGB"), 0, size, scale, entries, copy, path, "rsvg-convert", failures)
    result = {"pictures": len(pictures), "labels": sum(len(p[2]) for p in pictures),
              "copies": len(placed), "renderers": ["chromium"] + (["rsvg-convert"] if rsvg else []),
              "failures": failures}
    print(json.dumps(result))
    if not keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
