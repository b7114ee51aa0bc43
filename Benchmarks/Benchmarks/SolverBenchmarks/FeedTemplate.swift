import Solver

extension SystemSpec {
    /// A 10-view feed cell as a compiled template would hold it: avatar, name, date, body,
    /// image, three buttons, an unread dot and a separator (40 frame variables plus the content
    /// view, plus 6 intrinsic sizes), with intrinsic sizes as edit variables and hugging 250 / compression 750 as Auto
    /// Layout adds them, and `systemLayoutSizeFitting`'s width (required) and height (@50).
    /// Each step is one row: its width and the measured sizes of its three labels.
    static func feedTemplate(rows: Int = 64) -> SystemSpec {
        var spec = SystemSpec()
        let views = ["avatar", "name", "date", "body", "image", "like", "comment", "share", "dot", "line"]
        for v in views { spec.variables += ["\(v).l", "\(v).t", "\(v).w", "\(v).h"] }
        spec.variables += ["super.w", "super.h"]
        let labels = ["name", "date", "body"]
        for l in labels { spec.variables += ["\(l).iw", "\(l).ih"] }

        func kiwi(_ p: Priority) -> Any {
            // Priorities as kiwi strengths in the same order (kiwi weighs, we rank).
            switch p.value {
            case 1000...: return "required"
            case 750...: return 1_000_000.0
            case 250...: return 1_000.0
            default: return 1.0
            }
        }
        func add(_ terms: [(String, Double)], _ op: String, _ constant: Double, _ p: Priority = .required) {
            // terms op constant  <=>  terms - constant op 0
            spec.constraints.append(Entry(terms: terms, constant: -constant, op: op, priority: p, kiwiStrength: kiwi(p)))
        }
        func right(_ v: String) -> [(String, Double)] { [("\(v).l", 1), ("\(v).w", 1)] }
        func bottom(_ v: String) -> [(String, Double)] { [("\(v).t", 1), ("\(v).h", 1)] }
        func minus(_ t: [(String, Double)]) -> [(String, Double)] { t.map { ($0.0, -$0.1) } }

        spec.edits.append(("super.w", .required, "strong"))
        for l in labels {
            spec.edits.append(("\(l).iw", .required, "strong"))
            spec.edits.append(("\(l).ih", .required, "strong"))
        }
        add([("super.h", 1)], "==", 0, .fittingSize)
        // avatar 40x40 at (16, 12)
        add([("avatar.l", 1)], "==", 16); add([("avatar.t", 1)], "==", 12)
        add([("avatar.w", 1)], "==", 40); add([("avatar.h", 1)], "==", 40)
        // name: after the avatar, top-aligned with it, at most to the date
        add([("name.l", 1), ("avatar.l", -1), ("avatar.w", -1)], "==", 10)
        add([("name.t", 1), ("avatar.t", -1)], "==", 0)
        // date: trailing edge 16 from super, after the name by at least 8, baseline-ish aligned
        add([("date.l", 1), ("date.w", 1), ("super.w", -1)], "==", -16)
        add(right("name") + minus([("date.l", 1)]), "<=", -8)
        add([("date.t", 1), ("name.t", -1)], "==", 0)
        // body: below the name, as wide as the content allows
        add([("body.l", 1), ("name.l", -1)], "==", 0)
        add(right("body") + [("super.w", -1)], "==", -16)
        add([("body.t", 1)] + minus(bottom("name")), "==", 6)
        // image: below the body, body's width, 2:1
        add([("image.l", 1), ("body.l", -1)], "==", 0)
        add([("image.w", 1), ("body.w", -1)], "==", 0)
        add([("image.h", 1), ("image.w", -0.5)], "==", 0)
        add([("image.t", 1)] + minus(bottom("body")), "==", 8)
        // three 24x24 buttons in a row under the image
        for (i, b) in ["like", "comment", "share"].enumerated() {
            add([("\(b).w", 1)], "==", 24); add([("\(b).h", 1)], "==", 24)
            add([("\(b).t", 1)] + minus(bottom("image")), "==", 8)
            if i == 0 { add([("like.l", 1), ("body.l", -1)], "==", 0) }
        }
        add([("comment.l", 1)] + minus(right("like")), "==", 20)
        add([("share.l", 1)] + minus(right("comment")), "==", 20)
        // unread dot in the top-right corner
        add([("dot.w", 1)], "==", 8); add([("dot.h", 1)], "==", 8)
        add(right("dot") + [("super.w", -1)], "==", -8); add([("dot.t", 1)], "==", 8)
        // separator line under everything
        add([("line.l", 1)], "==", 16); add(right("line") + [("super.w", -1)], "==", 0)
        add([("line.h", 1)], "==", 0.5); add([("line.t", 1)] + minus(bottom("share")), "==", 12)
        add([("super.h", 1)] + minus(bottom("line")), ">=", 0)
        add([("super.h", 1)] + minus(bottom("avatar")), ">=", 12)
        // intrinsic sizes: hugging 250 (<=), compression resistance 750 (>=)
        for l in labels {
            for (size, intrinsic) in [("w", "iw"), ("h", "ih")] {
                add([("\(l).\(size)", 1), ("\(l).\(intrinsic)", -1)], "<=", 0, .low)
                add([("\(l).\(size)", 1), ("\(l).\(intrinsic)", -1)], ">=", 0, .high)
            }
        }
        // The date keeps its size before the name does (as a label with higher hugging would).
        add([("date.w", 1), ("date.iw", -1)], ">=", 0, Priority(751))
        var seed: UInt64 = 0x5EED
        func next(_ range: ClosedRange<Int>) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(range.lowerBound + Int((seed >> 33) % UInt64(range.count)))
        }
        for _ in 0..<rows {
            spec.steps.append([
                ("super.w", next(0...3) == 0 ? 320 : 375),
                ("name.iw", next(40...200)), ("name.ih", 18),
                ("date.iw", next(30...60)), ("date.ih", 16),
                ("body.iw", next(100...600)), ("body.ih", 17 * next(1...6)),
            ])
        }
        return spec
    }
}
