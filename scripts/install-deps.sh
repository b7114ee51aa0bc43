#!/usr/bin/env bash
# Installs what building and testing TemplateLayout needs on a Debian machine, skipping what is there.
# C libraries and reference tools (HarfBuzz's hb-shape, Pango, headless Chromium) come from Debian;
# kiwisolver (the solver reference), skia-python (Skia's paragraph layout), uharfbuzz and fontTools from PyPI.
set -euo pipefail
need=()
# chromium also checks line breaks (ReferenceLineBreakTests); with librsvg2-bin and python3-pil it checks measure-cli's --render pictures (scripts/check-render.py);
# librsvg2-bin's rsvg-convert also draws --render-format png. python3-pil also builds the asset catalog
# fixture, and libpng-dev / libjpeg-dev are the reference its image headers are checked against. The
# Devanagari, Thai and Hangul fonts serve the ten-language cross-checks (ScriptCorpusTests);
# fonts-inter-variable (Inter's variable fonts: wght, opsz) checks font instances against hb-shape and Pango.
for pkg in pkg-config libharfbuzz-dev libfreetype-dev libicu-dev libharfbuzz-bin \
           libpango1.0-dev pango1.0-tools python3-gi gir1.2-pango-1.0 unicode-data time \
           chromium librsvg2-bin python3-pil libpng-dev libjpeg-dev fonts-lohit-deva fonts-thai-tlwg fonts-nanum fonts-inter-variable; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
if ! python3 -c 'import kiwisolver' 2>/dev/null; then
  python3 -m pip install -q kiwisolver >&2
fi
if ! python3 -c 'import skia' 2>/dev/null; then
  python3 -m pip install -q skia-python >&2
fi
# uharfbuzz (HarfBuzz 10.3 or later, which reads `trak` as Core Text does) checks font tracking;
# fontTools rebuilds the fixture fonts (Tests/Fixtures/Fonts/make-*.py).
if ! python3 -c 'import uharfbuzz as hb; assert tuple(map(int, hb.version_string().split(".")[:2])) >= (10, 3)' 2>/dev/null; then
  python3 -m pip install -q --upgrade uharfbuzz >&2
fi
if ! python3 -c 'import fontTools' 2>/dev/null; then
  python3 -m pip install -q fonttools >&2
fi
