#!/usr/bin/env python3
"""Reference layout for TemplateLayout's tests, built independently on kiwisolver.

Reads {"cases": [...]} on stdin and prints {"results": [...]}. Each case is a template cell as
SPEC.md sections 1 and 2 describe it, with the label sizes already measured (the test passes in
the numbers our TextEngine gives, rounded to the pixel grid):

  {"width": W, "scale": 2, "separator": true,
   "views": [{"id": "name", "kind": "label" | "box" | "stack",
              "intrinsic": [w or null, h or null],       # label: text size; box: image/view size
              "baselines": [first, last],                # label: from the text block's top
              "hugging": [h, v], "compression": [h, v], "hidden": false,
              "stack": {"axis", "spacing", "alignment", "distribution", "arranged": [ids]}}],
   "constraints": ["avatar.leading == super.leading + 16", ...],
   "superMargins": [top, leading, bottom, trailing]}             # the content view's margins
  (a view may give "margins": [top, leading, bottom, trailing]; UIView's default is 8 each)

Result per case: {"height": ..., "content": ..., "frames": {"id": [x, y, w, h]}} or {"error": ...}.

Semantics (from the SPEC and UIKit): content view at (0, 0) with width == W (required) and
height == 0 at priority 50 (systemLayoutSizeFitting); hugging `size <= intrinsic`, compression
`size >= intrinsic`; a label draws its text vertically centred, so a baseline is
`top + (height - textHeight) / 2 + baseline`; other views (super included) have their first
baseline at their top and their last at their bottom; a vertical stack's are those of its
first/last visible arranged view, a horizontal stack's those of its tallest visible arranged view
(the first of equally tall ones; a margin attribute is its edge moved inwards by the view's
margin, leading = left and trailing = right, a centre within margins the middle of the two; the cell is solved with each horizontal stack's first visible
view, then again with the tallest views that solution gives, until they agree, a choice comes
back or four solutions were made, the last one kept). UIStackView as kean/Arranged reproduces its constraints: ends pinned,
spacing between visible views, fillEqually equal sizes; equalSpacing equal gaps >= spacing and
equalCentering equal centre steps at 149, both with the stack's length pulled to 0 at 49
(canvas fit); cross-axis alignment for every arranged view, hidden ones included (at 999), but
the spanning-boundary inequalities (inside the stack across the axis) for visible views only;
non-fill alignments pull each arranged view's cross size to 0 at 25 (ambiguity suppression) and
the stack's to 0 at 49; a stack with no visible view is 0 x 0 at 999; hidden arranged views get
length 0 at 999, placed after the visible view before them (half the spacing on when a visible
view follows) or at the stack's start. Priorities are lexicographic: kiwi optimises one level at
a time, strongest first (see Cell.solve).
"""
import json
import math
import re
import sys

import kiwisolver as kiwi

ANCHOR = r"([A-Za-z_]\w*)\.([A-Za-z]+)"
NUM = r"(\d+(?:\.\d+)?|\.\d+)"
PRIORITY_NAMES = {"required": 1000.0, "high": 750.0, "low": 250.0}


def parse(text):
    m = re.fullmatch(r"\s*" + ANCHOR + r"\s*(==|<=|>=)\s*(.*?)\s*(?:@\s*(\w+(?:\.\d+)?))?\s*", text)
    if not m:
        raise ValueError("cannot parse " + text)
    item, attr, rel, rhs, prio = m.groups()
    priority = 1000.0 if prio is None else PRIORITY_NAMES.get(prio, None) or float(prio)
    forms = [
        (r"([+-]?)\s*" + NUM + r"\s*\*\s*" + ANCHOR + r"(?:\s*([+-])\s*" + NUM + r")?", "mul_first"),
        (ANCHOR + r"(?:\s*\*\s*(-?\s*" + NUM[1:-1] + r"))?(?:\s*([+-])\s*" + NUM + r")?", "anchor_first"),
        (r"([+-]?)\s*" + NUM, "constant"),
    ]
    for pattern, kind in forms:
        r = re.fullmatch(pattern, rhs)
        if not r:
            continue
        g = r.groups()
        if kind == "mul_first":
            mult = float(g[1]) * (-1 if g[0] == "-" else 1)
            c = 0.0 if g[4] is None else float(g[5]) * (-1 if g[4] == "-" else 1)
            return (item, attr), rel, (g[2], g[3]), mult, c, priority
        if kind == "anchor_first":
            mult = 1.0 if g[2] is None else float(g[2].replace(" ", ""))
            c = 0.0 if g[3] is None else float(g[4]) * (-1 if g[3] == "-" else 1)
            return (item, attr), rel, (g[0], g[1]), mult, c, priority
        return (item, attr), rel, None, 1.0, float(g[1]) * (-1 if g[0] == "-" else 1), priority
    raise ValueError("cannot parse right-hand side of " + text)


class Cell:
    def __init__(self, case, tallest=None):
        self.case = case
        self.tallest = tallest or {}  # horizontal stack id -> the arranged view its baselines use
        self.views = {v["id"]: v for v in case["views"]}
        self.order = [v["id"] for v in case["views"]]
        self.vars = {i: {k: kiwi.Variable(i + "." + k) for k in ("x", "y", "w", "h")} for i in self.order}
        self.W = kiwi.Variable("super.w")
        self.H = kiwi.Variable("super.h")
        self.items = []  # (expression-relation, priority)
        self.owner = {}
        for v in case["views"]:
            if v["kind"] == "stack":
                for a in v["stack"]["arranged"]:
                    self.owner[a] = v["id"]

    def collapsed(self, i):
        return i in self.owner and self.views[i].get("hidden", False)

    MARGIN = {"leadingMargin": ("leading", 1, 1), "leftMargin": ("left", 1, 1),
              "trailingMargin": ("trailing", 3, -1), "rightMargin": ("right", 3, -1),
              "topMargin": ("top", 0, 1), "bottomMargin": ("bottom", 2, -1)}

    def margins(self, item):
        if item == "super":
            return self.case.get("superMargins", [11, 16, 11, 16])
        return self.views[item].get("margins", [8, 8, 8, 8])

    def attr(self, item, a):
        if a in self.MARGIN:
            base, side, sign = self.MARGIN[a]
            return self.attr(item, base) + sign * self.margins(item)[side]
        if a == "centerXWithinMargins":
            return 0.5 * (self.attr(item, "leadingMargin") + self.attr(item, "trailingMargin"))
        if a == "centerYWithinMargins":
            return 0.5 * (self.attr(item, "topMargin") + self.attr(item, "bottomMargin"))
        if item == "super":
            return {"left": 0, "leading": 0, "top": 0, "right": self.W, "trailing": self.W, "width": self.W,
                    "bottom": self.H, "height": self.H, "centerX": 0.5 * self.W, "centerY": 0.5 * self.H,
                    "firstBaseline": 0, "lastBaseline": self.H}[a] + 0
        v = self.vars[item]
        x, y, w, h = v["x"], v["y"], v["w"], v["h"]
        table = {"left": x + 0, "leading": x + 0, "right": x + w, "trailing": x + w, "width": w + 0,
                 "top": y + 0, "bottom": y + h, "height": h + 0, "centerX": x + 0.5 * w, "centerY": y + 0.5 * h}
        if a in table:
            return table[a]
        view = self.views[item]
        if view["kind"] == "label":
            text_h = view["intrinsic"][1]
            base = view["baselines"][0 if a == "firstBaseline" else 1]
            return y + 0.5 * h - 0.5 * text_h + base
        if view["kind"] == "stack":
            visible = [s for s in view["stack"]["arranged"] if not self.collapsed(s)]
            if visible and view["stack"]["axis"] == "horizontal":
                chosen = self.tallest.get(item)
                return self.attr(chosen if chosen in visible else visible[0], a)
            if visible:
                return self.attr(visible[0] if a == "firstBaseline" else visible[-1], a)
        return y + 0 if a == "firstBaseline" else y + h

    def add(self, lhs, rel, rhs, priority):
        c = {"==": lhs == rhs, "<=": lhs <= rhs, ">=": lhs >= rhs}[rel]
        self.items.append((c, priority))

    def build(self):
        for text in self.case["constraints"]:
            (i1, a1), rel, second, mult, const, prio = parse(text)
            rhs = const + (mult * self.attr(*second) if second else 0)
            self.add(self.attr(i1, a1), rel, rhs, prio)
        for i in self.order:
            v = self.views[i]
            if v["kind"] == "stack":
                continue
            iw, ih = v["intrinsic"]
            hug, comp = v.get("hugging", [250, 250]), v.get("compression", [750, 750])
            if iw is not None:
                self.add(self.vars[i]["w"], "<=", iw, hug[0])
                self.add(self.vars[i]["w"], ">=", iw, comp[0])
            if ih is not None:
                self.add(self.vars[i]["h"], "<=", ih, hug[1])
                self.add(self.vars[i]["h"], ">=", ih, comp[1])
        for i in self.order:
            if self.views[i]["kind"] == "stack":
                self.stack(i)
        self.add(self.W, "==", self.case["width"], 1000)
        if "fixedContentHeight" in self.case:  # a fixed-height row laid out for its frames
            self.add(self.H, "==", self.case["fixedContentHeight"], 1000)
        else:
            self.add(self.H, "==", 0, 50)

    def stack(self, s):
        spec = self.views[s]["stack"]
        hor = spec["axis"] == "horizontal"
        ms, me, msz, mc = ("left", "right", "width", "centerX") if hor else ("top", "bottom", "height", "centerY")
        cs, ce, csz, cc = ("top", "bottom", "height", "centerY") if hor else ("left", "right", "width", "centerX")
        A = self.attr
        arranged = spec["arranged"]
        visible = [a for a in arranged if not self.collapsed(a)]
        sp = spec.get("spacing", 0)
        for n, a in enumerate(arranged):
            if not self.collapsed(a):
                continue
            self.add(A(a, msz), "==", 0, 999)
            before = [b for b in arranged[:n] if not self.collapsed(b)]
            after = any(not self.collapsed(b) for b in arranged[n + 1:])
            if before:
                self.add(A(a, ms), "==", A(before[-1], me) + (sp / 2 if after else 0), 999)
            else:
                self.add(A(a, ms), "==", A(s, ms), 999)
        al = spec.get("alignment", "fill")
        for v in arranged:
            p = 999 if self.collapsed(v) else 1000
            if al == "fill":
                self.add(A(v, cs), "==", A(s, cs), p)
                self.add(A(v, ce), "==", A(s, ce), p)
                continue
            # UISV-spanning-boundary: only visible views are kept inside the stack across it.
            inside_start = not self.collapsed(v) and al not in ("leading", "top")
            inside_end = not self.collapsed(v) and al not in ("trailing", "bottom")
            if al in ("leading", "top"):
                self.add(A(v, cs), "==", A(s, cs), p)
            elif al in ("trailing", "bottom"):
                self.add(A(v, ce), "==", A(s, ce), p)
            elif al == "center":
                self.add(A(v, cc), "==", A(s, cc), p)
            elif visible and v != visible[0]:
                self.add(A(v, al), "==", A(visible[0], al), p)
            if inside_start:
                self.add(A(v, cs), ">=", A(s, cs), p)
            if inside_end:
                self.add(A(v, ce), "<=", A(s, ce), p)
            self.add(A(v, csz), "==", 0, 25)  # UISV-ambiguity-suppression
        if not visible:
            self.add(A(s, msz), "==", 0, 999)
            self.add(A(s, csz), "==", 0, 999)
            return
        self.add(A(visible[0], ms), "==", A(s, ms), 1000)
        self.add(A(visible[-1], me), "==", A(s, me), 1000)
        dist = spec.get("distribution", "fill")
        for k in range(1, len(visible)):
            a, b = visible[k - 1], visible[k]
            gap = A(b, ms) - A(a, me)
            if dist in ("fill", "fillEqually"):
                self.add(gap, "==", sp, 1000)
                if dist == "fillEqually":
                    self.add(A(b, msz), "==", A(visible[0], msz), 1000)
            else:
                self.add(gap, ">=", sp, 1000)
                if k >= 2 and dist == "equalSpacing":
                    self.add(gap, "==", A(visible[1], ms) - A(visible[0], me), 1000)
                elif k >= 2:  # equalCentering: equal centre steps below compression resistance
                    self.add(A(b, mc) - A(a, mc), "==", A(visible[1], mc) - A(visible[0], mc), 149)
        if dist in ("equalSpacing", "equalCentering"):
            self.add(A(s, msz), "==", 0, 49)  # UISV-canvas-fit: only the stack is pulled in
        if al != "fill":
            self.add(A(s, csz), "==", 0, 49)

    def tallest_views(self):
        """Each horizontal stack's tallest visible arranged view in the solution (the first of
        views equally tall within 1e-9)."""
        chosen = {}
        for i in self.order:
            view = self.views[i]
            if view["kind"] != "stack" or view["stack"]["axis"] != "horizontal":
                continue
            best = None
            for a in view["stack"]["arranged"]:
                if not self.collapsed(a) and (best is None or self.vars[a]["h"].value() > self.vars[best]["h"].value() + 1e-9):
                    best = a
            if best is not None:
                chosen[i] = best
        return chosen

    def tallest_views_used(self):
        """The view each horizontal stack with a visible arranged view took its baselines from."""
        used = {}
        for i in self.order:
            view = self.views[i]
            if view["kind"] == "stack" and view["stack"]["axis"] == "horizontal":
                visible = [s for s in view["stack"]["arranged"] if not self.collapsed(s)]
                if visible:
                    used[i] = self.tallest.get(i) if self.tallest.get(i) in visible else visible[0]
        return used

    def solve(self):
        """Lexicographic priorities, solved level by level: each soft constraint gets explicit
        non-negative error variables; from the strongest level down, kiwi minimises that level's
        total error (all other levels absent), and the optimum is then fixed as a required cap."""
        self.build()
        solver = kiwi.Solver()
        errors = {}
        for n, (c, p) in enumerate(self.items):
            if p >= 1000:
                solver.addConstraint(c)
                continue
            expr, op = c.expression(), c.op()
            plus, minus = kiwi.Variable("e+%d" % n), kiwi.Variable("e-%d" % n)
            solver.addConstraint(plus >= 0)
            solver.addConstraint(minus >= 0)
            if op == "==":
                solver.addConstraint(expr == plus - minus)
                err = plus + minus
            elif op == "<=":
                solver.addConstraint(expr <= plus)
                solver.addConstraint(minus == 0)
                err = plus + 0
            else:
                solver.addConstraint(expr >= -minus)
                solver.addConstraint(plus == 0)
                err = minus + 0
            errors.setdefault(p, []).append(err)
        levels = sorted(errors, reverse=True)
        for k, p in enumerate(levels):
            total = sum(errors[p][1:], errors[p][0])
            objective = (total == 0) | "weak"
            solver.addConstraint(objective)
            solver.updateVariables()
            optimum = total.value()
            if k + 1 < len(levels):
                solver.removeConstraint(objective)
                for slack in (1e-11, 1e-9, 1e-7):  # as tight as kiwi's arithmetic allows
                    try:
                        solver.addConstraint(total <= optimum + slack)
                        break
                    except kiwi.UnsatisfiableConstraint:
                        continue
        solver.updateVariables()
        scale = self.case.get("scale", 2)
        sep = 1.0 / scale if self.case.get("separator", True) else 0.0
        content = self.H.value()
        height = math.ceil((content + sep) * scale - 1e-9) / scale
        frames = {i: [self.vars[i][k].value() for k in ("x", "y", "w", "h")] for i in self.order}
        return {"height": height, "content": content, "frames": frames}


def solve_case(case):
    """Solves `case` with each horizontal stack's baselines from its tallest visible view: first
    with every such stack's first visible view, then with the tallest views each solution gives,
    until the choice agrees with its solution, comes back, or four solutions were made."""
    tallest, tried = None, []
    while True:
        cell = Cell(case, tallest)
        result = cell.solve()
        solved = cell.tallest_views()
        current = cell.tallest_views_used()
        if solved == current or len(tried) + 1 >= 4 or solved in tried:
            return result
        tried.append(current)
        tallest = solved


def main():
    cases = json.load(sys.stdin)["cases"]
    results = []
    for case in cases:
        try:
            results.append(solve_case(case))
        except kiwi.UnsatisfiableConstraint as e:
            results.append({"error": "unsatisfiable: " + str(e)})
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main()
