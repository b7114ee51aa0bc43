#!/usr/bin/env python3
"""Makes Tests/Fixtures/script-corpus.json: real UI strings in ten languages for the script
cross-checks (Tests/TextEngineTests/ScriptCorpusTests.swift).

The strings are the translations in Debian's GTK 3 and GLib message catalogs (packages
libgtk-3-common: gtk30.mo, gtk30-properties.mo; libglib2.0-data: glib20.mo) for Arabic, Hebrew,
Persian, Russian, Greek, Vietnamese, Hindi, Thai, Japanese and Korean. From each language's
translations it keeps the one-line labels of 4 to 90 characters that hold a letter of the
language's script, with no format directive, markup or escape, mnemonic markers removed,
and picks COUNT of them by the SHA-1 of the text (so rerunning on the same catalogs gives the
same file). Run: python3 scripts/make-script-corpus.py > Tests/Fixtures/script-corpus.json
"""
import gettext, hashlib, json, re, subprocess, sys, unicodedata

COUNT = 150
DOMAINS = ["gtk30", "gtk30-properties", "glib20"]
# Language code, and a Unicode name prefix a letter of its script has.
LANGUAGES = [("ar", "ARABIC"), ("he", "HEBREW"), ("fa", "ARABIC"), ("ru", "CYRILLIC"),
             ("el", "GREEK"), ("vi", "LATIN"), ("hi", "DEVANAGARI"), ("th", "THAI"),
             ("ja", ("HIRAGANA", "KATAKANA", "CJK")), ("ko", "HANGUL")]


def labels(path):
    with open(path, "rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog
    for key, text in catalog.items():
        if key == "" or (isinstance(key, tuple) and key[0] == ""):
            continue
        yield text


def clean(text):
    text = re.sub(r"\(_[A-Za-z0-9]\)", "", text)   # 開く(_O)
    text = text.replace("_", "")                     # _Open
    return text.strip()


def keep(text, script):
    if not 4 <= len(text) <= 90 or re.search(r"[%<>&{}\\\t\n\r$]", text):
        return False
    prefixes = script if isinstance(script, tuple) else (script,)
    return any(unicodedata.category(c).startswith("L") and unicodedata.name(c, "").startswith(prefixes)
               for c in text)


def package(path):
    out = subprocess.run(["dpkg-query", "-S", path], capture_output=True, text=True).stdout
    name = out.split(":")[0]
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True).stdout
    return f"{name} {version}"


corpus, sources = {}, set()
for code, script in LANGUAGES:
    found = set()
    for domain in DOMAINS:
        path = f"/usr/share/locale/{code}/LC_MESSAGES/{domain}.mo"
        try:
            for text in labels(path):
                text = clean(text)
                if keep(text, script):
                    found.add(text)
            sources.add(package(path))
        except FileNotFoundError:
            continue
    ranked = sorted(found, key=lambda t: hashlib.sha1(t.encode()).hexdigest())
    corpus[code] = ranked[:COUNT]
    print(f"{code}: {len(found)} labels, kept {len(corpus[code])}", file=sys.stderr)

json.dump({"source": "Debian message catalogs: " + ", ".join(sorted(sources)) +
           "; made by scripts/make-script-corpus.py", "languages": corpus},
          sys.stdout, ensure_ascii=False, indent=0)
print()
