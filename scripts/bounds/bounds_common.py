"""What the bounds scripts share: a one-label template and its document, a scratch folder,
English-like text, and the ok/FAIL lines with the exit status they add up to."""
import os, subprocess, sys, tempfile

# One wrapping label pinned 16 points from each side and 8 from top and bottom, text `${t}`.
LABEL_TEMPLATE = {
    "views": [{"id": "l", "label": {"text": "${t}", "size": 15, "lines": 0}}],
    "constraints": ["l.leading == super.leading + 16", "l.trailing == super.trailing - 16",
                    "l.top == super.top + 8", "super.bottom == l.bottom + 8"],
}

# The vocabulary of `words`' default text: a few hundred distinct ASCII words.
WORDS = [f"w{i:x}ord" for i in range(300)]


def label_document(rows):
    """A 320-point list of LABEL_TEMPLATE rows (`rows` None: a --stream document without rows)."""
    doc = {"list": {"width": 320}, "templates": {"T": LABEL_TEMPLATE},
           "sections": [{"template": "T", "autoHeight": True}]}
    if rows is not None:
        doc["sections"][0]["rows"] = rows
    return doc


def words(n_bytes, vocabulary=WORDS):
    """Words of `vocabulary` joined by spaces, about `n_bytes` long, the same on every run."""
    out, size, i = [], 0, 0
    while size < n_bytes:
        w = vocabulary[(i * 7919) % len(vocabulary)]
        out.append(w)
        size += len(w) + 1
        i += 1
    return " ".join(out)


class Checks:
    """A scratch folder for inputs and the checks' ok/FAIL lines."""

    def __init__(self, prefix):
        self.folder = tempfile.mkdtemp(prefix=prefix)
        self.failures = []

    def write(self, name, text):
        """Writes `text` to `name` in the scratch folder and returns its path."""
        path = os.path.join(self.folder, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def check(self, name, ok, detail):
        """Prints one line for the check and remembers a failure."""
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
        if not ok:
            self.failures.append(name)

    def finish(self):
        """Removes the scratch folder and exits 1 when any check failed."""
        subprocess.run(["rm", "-rf", self.folder])
        sys.exit(1 if self.failures else 0)
