#!/usr/bin/env python3
"""Builds the asset catalog fixture for AssetCatalogTests with Pillow: python3 make_catalog.py DIR
writes DIR/Fixture.xcassets (image sets as Xcode writes them, and a symbolic link back up its
tree) and DIR/Broken.xcassets (one image
set whose Contents.json is not JSON), plus DIR/headers/ (images of many kinds, and damaged ones,
for the header reader)."""
import json
import os
import sys

from PIL import Image

root = sys.argv[1]


def image_set(catalog, name, slots, extra=None):
    """slots: [(idiom, scale or None, (w, h) or None, format)]; writes the files and Contents.json."""
    folder = os.path.join(catalog, name + ".imageset")
    os.makedirs(folder, exist_ok=True)
    images = []
    for idiom, scale, size, fmt in slots:
        entry = {"idiom": idiom}
        if scale:
            entry["scale"] = scale
        if size:
            ext = "png" if fmt == "PNG" else "jpg"
            file = "%s-%s-%s.%s" % (name, idiom, scale or "single", ext)
            Image.new("RGB", size, (200, 80, 40)).save(os.path.join(folder, file), fmt)
            entry["filename"] = file
        images.append(entry)
    contents = {"images": images, "info": {"author": "xcode", "version": 1}}
    if extra:
        contents.update(extra)
    with open(os.path.join(folder, "Contents.json"), "w") as f:
        json.dump(contents, f, indent=2)


def folder_contents(path, namespace):
    os.makedirs(path, exist_ok=True)
    contents = {"info": {"author": "xcode", "version": 1}}
    if namespace:
        contents["properties"] = {"provides-namespace": True}
    with open(os.path.join(path, "Contents.json"), "w") as f:
        json.dump(contents, f)


catalog = os.path.join(root, "Fixture.xcassets")
folder_contents(catalog, False)
image_set(catalog, "avatar", [("universal", "1x", (40, 40), "PNG"), ("universal", "2x", (80, 80), "PNG"),
                              ("universal", "3x", (120, 120), "PNG")])
image_set(catalog, "photo", [("universal", "1x", (100, 75), "JPEG"), ("universal", "2x", (200, 150), "JPEG"),
                             ("universal", "3x", (300, 225), "JPEG")])
image_set(catalog, "odd", [("universal", "1x", None, "PNG"), ("universal", "2x", (45, 31), "PNG"),
                           ("universal", "3x", None, "PNG")])
image_set(catalog, "sparse", [("universal", "1x", (10, 10), "PNG"), ("universal", "3x", (36, 36), "JPEG")])
image_set(catalog, "phone", [("universal", "1x", (10, 10), "PNG"), ("iphone", "2x", (64, 64), "PNG"),
                             ("ipad", "2x", (500, 500), "PNG")])
image_set(catalog, "empty", [("universal", "1x", None, "PNG"), ("universal", "2x", None, "PNG")])
image_set(catalog, "single", [("universal", None, (33, 21), "PNG")])
folder_contents(os.path.join(catalog, "Icons"), True)
image_set(os.path.join(catalog, "Icons"), "star", [("universal", "2x", (48, 48), "PNG")])
folder_contents(os.path.join(catalog, "Plain"), False)
image_set(os.path.join(catalog, "Plain"), "dot", [("universal", "1x", (8, 8), "PNG")])
os.symlink("..", os.path.join(catalog, "Plain", "Up"))  # a link back up the tree: read once, no loop

broken = os.path.join(root, "Broken.xcassets")
folder_contents(broken, False)
image_set(broken, "fine", [("universal", "1x", (8, 8), "PNG")])
os.makedirs(os.path.join(broken, "bad.imageset"), exist_ok=True)
with open(os.path.join(broken, "bad.imageset", "Contents.json"), "w") as f:
    f.write('{ "images" : [ { "idiom" : "universal", ')

bad_scale = os.path.join(root, "BadScale.xcassets")
image_set(bad_scale, "icon", [("universal", "1x", (8, 8), "PNG"), ("universal", "4x", (32, 32), "PNG")])

not_image = os.path.join(root, "NotImage.xcassets")
image_set(not_image, "icon", [("universal", "2x", (8, 8), "PNG")])
with open(os.path.join(not_image, "icon.imageset", "icon-universal-2x.png"), "wb") as f:
    f.write(b"%PDF-1.4 not an image")

headers = os.path.join(root, "headers")
os.makedirs(headers, exist_ok=True)
kinds = [("rgb.png", "RGB", (317, 9), "PNG", {}), ("gray.png", "L", (1, 1), "PNG", {}),
         ("gray16.png", "I;16", (70, 5000), "PNG", {}), ("palette.png", "P", (123, 45), "PNG", {}),
         ("rgba.png", "RGBA", (2048, 3), "PNG", {}), ("interlaced.png", "RGB", (99, 101), "PNG", {"interlace": 1}),
         ("base.jpg", "RGB", (640, 480), "JPEG", {}), ("progressive.jpg", "RGB", (17, 1000), "JPEG", {"progressive": True}),
         ("gray.jpg", "L", (3, 7), "JPEG", {}), ("cmyk.jpg", "CMYK", (250, 125), "JPEG", {}),
         ("exif.jpg", "RGB", (64, 48), "JPEG", {"exif": b"Exif\x00\x00" + b"MM\x00*\x00\x00\x00\x08" + b"\x00" * 40}),
         ("quality.jpg", "RGB", (65000, 2), "JPEG", {"quality": 5})]
for name, mode, size, fmt, options in kinds:
    Image.new(mode, size).save(os.path.join(headers, name), fmt, **options)
for name in ("rgb.png", "base.jpg", "exif.jpg"):
    data = open(os.path.join(headers, name), "rb").read()
    for cut in (8, 20, 30, 33, 200, len(data) // 2, len(data) - 1):
        with open(os.path.join(headers, "cut%d-%s" % (cut, name)), "wb") as f:
            f.write(data[:cut])
with open(os.path.join(headers, "text.png"), "wb") as f:
    f.write(b"hello, not an image at all")
