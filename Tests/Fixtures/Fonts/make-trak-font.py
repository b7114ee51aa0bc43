"""Builds TrakTest.ttf: a tiny font with a `trak` table (and a STAT table, which HarfBuzz 10.3
and later ask for before they apply `trak`) for TextEngine's tracking tests. Every glyph is a
box with its own advance; there is no GPOS, GSUB or kern, so shaping gives each glyph its hmtx
advance and anything more is tracking. Horizontal tracks -1, 0 and +1 over the sizes
6, 9, 12, 24 and 48 pt; the normal track (0) is 60, 30, 12, -24 and -48 units, so each size
between two of the table's gives a value of its own. No vertical data.
Run: python3 make-trak-font.py (fontTools from PyPI)."""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

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

fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder(names)
fb.setupCharacterMap({0x20: "space", **{ord(c): c for c in letters}})
fb.setupGlyf({n: (TTGlyphPen(None).glyph() if n == "space" else box(advances[n])) for n in names})
fb.setupHorizontalMetrics({n: (advances[n], 0 if n == "space" else 50) for n in names})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "Trak Test", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
fb.setupPost()
fb.setupStat([{"tag": "wght", "name": "Weight", "values": [{"value": 400, "name": "Regular"}]}])

sizes = [6.0, 9.0, 12.0, 24.0, 48.0]
normal = [60, 30, 12, -24, -48]
trak = newTable("trak")
trak.version = 1.0
trak.format = 0
trak.horizData = TrackData({
    -1.0: TrackTableEntry({s: -100 for s in sizes}, nameIndex=256),
    0.0: TrackTableEntry(dict(zip(sizes, normal)), nameIndex=257),
    1.0: TrackTableEntry({s: 100 for s in sizes}, nameIndex=258),
})
trak.vertData = TrackData()
fb.font["trak"] = trak
fb.save("TrakTest.ttf")
