"""Builds OpszTest.ttf: a tiny variable font with an optical-size axis (opsz 6...72, default 12)
for TextEngine's optical-size tests. Every glyph is a box; at opsz 6 each advance is 100 units
wider than at the default and at 72 each is 200 units narrower (gvar phantom-point deltas,
no HVAR), so the advance at each size differs and HarfBuzz interpolates it.
Run: python3 make-opsz-font.py (fontTools from PyPI)."""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables.TupleVariation import TupleVariation

letters = "abcdefghijklmnopqrstuvwxyz"
names = [".notdef", "space"] + list(letters)
advances = {".notdef": 500, "space": 250}
for i, c in enumerate(letters):
    advances[c] = 400 + 10 * i

def box(width):
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((width - 50, 700)); pen.lineTo((width - 50, 0))
    pen.closePath()
    return pen.glyph()

def empty():
    return TTGlyphPen(None).glyph()

fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder(names)
fb.setupCharacterMap({0x20: "space", **{ord(c): c for c in letters}})
glyphs = {n: (empty() if n == "space" else box(advances[n])) for n in names}
fb.setupGlyf(glyphs)
fb.setupHorizontalMetrics({n: (advances[n], 0 if n == "space" else 50) for n in names})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "Opsz Test", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
fb.setupPost()
fb.setupFvar(axes=[("opsz", 6, 12, 72, "Optical Size")], instances=[])
variations = {}
for n in names:
    points = 0 if n == "space" else 4
    small = [(0, 0)] * points + [(0, 0), (100, 0), (0, 0), (0, 0)]
    large = [(0, 0)] * points + [(0, 0), (-200, 0), (0, 0), (0, 0)]
    variations[n] = [TupleVariation({"opsz": (-1.0, -1.0, 0)}, small),
                     TupleVariation({"opsz": (0, 1.0, 1.0)}, large)]
fb.setupGvar(variations)
fb.save("OpszTest.ttf")
