import TextEngine

/// Checks a `TemplateSpec` and resolves it into a `TemplateBlueprint`: unique view ids, known
/// fonts, stacks that arrange known views at most once and without cycles, parsed constraints
/// naming known views. Every problem is a `LayoutError` with the JSON path of its source.
enum TemplateCompiler {
    /// Resolves `spec`; `fonts` are the document's loaded font stacks by name.
    static func blueprint(_ spec: TemplateSpec, fonts: [String: FontStack]) throws(LayoutError) -> TemplateBlueprint {
        let path = "templates.\(spec.name)"
        var views: [TemplateView] = []
        views.reserveCapacity(spec.views.count)
        var labels: [LabelSlot] = []
        // Small templates find views by a scan of their ids (cheaper than hashing them).
        var viewIndex: [String: Int] = [:]
        let hashed = spec.views.count > scanLimit
        if hashed { viewIndex.reserveCapacity(spec.views.count) }
        var nextVariable = TemplateView.height(spec.views.count - 1) + 1
        // One table of member hints for the template's row paths (room for a width, a height and
        // a hidden rule per view, and a few label placeholders; more get tables of their own).
        let hints = MemberHints.make(capacity: 3 * spec.views.count + 4)
        func parameter() -> Int {
            defer { nextVariable += 1 }
            return nextVariable
        }

        for (i, view) in spec.views.enumerated() {
            let viewLocation = DocumentPath.element(base: path, field: "views", index: i)
            guard !view.id.isEmpty else { throw LayoutError(path: viewLocation.path, message: "a view needs an id") }
            guard view.id != "super" else {
                throw LayoutError(path: viewLocation.path, message: "\"super\" is the content view; choose another id")
            }
            let used = viewNumber(view.id, views, viewIndex) != nil
            guard !used else {
                throw LayoutError(path: viewLocation.path, message: "view id \"\(view.id)\" is used twice")
            }
            if hashed { viewIndex[view.id] = i }
            let hugging = try pair(view.hugging, name: "hugging", default: 250, location: viewLocation)
            let compression = try pair(view.compression, name: "compression", default: 750, location: viewLocation)
            var kind: TemplateView.Kind
            switch view.kind {
            case .label(let label):
                labels.append(try labelSlot(label, view: i, fonts: fonts, location: viewLocation, hints: hints,
                                            parameter: parameter))
                kind = .label(slot: labels.count - 1)
            case .image(let width, let height):
                kind = .box(width: length(width, hints, parameter), height: length(height, hints, parameter))
            case .view(let width, let height):
                kind = .box(width: width.map { length($0, hints, parameter) },
                            height: height.map { length($0, hints, parameter) })
            case .stack(let stack):
                kind = .stack(stack, arranged: [])
            }
            views.append(TemplateView(id: view.id, kind: kind, hidden: HiddenRule(view.hidden, hints: hints), hugging: hugging,
                                      compression: compression, maskBit: nil, location: viewLocation))
        }
        let maskedViews = try resolveStacks(spec, views: &views, viewIndex: viewIndex, path: path)

        var constraints: [ConstraintDescription] = []
        constraints.reserveCapacity(spec.constraints.count)
        for (i, text) in spec.constraints.enumerated() {
            try ConstraintParser.parse(text, location: .element(base: path, field: "constraints", index: i), into: &constraints)
        }
        for (i, text) in spec.visualFormats.enumerated() {
            constraints += try VisualFormatParser.parse(text, location: .element(base: path, field: "visualFormats", index: i))
        }
        var anchorViews: [(first: Int, second: Int)] = []
        anchorViews.reserveCapacity(constraints.count)
        for k in constraints.indices {
            let first = try known(constraints[k].first, constraints[k], views, viewIndex)
            var second = -1
            if let anchor = constraints[k].second { second = try known(anchor, constraints[k], views, viewIndex) }
            anchorViews.append((first, second))
        }
        var rowDimensions: [(path: RowPath, parameter: Int)] = []
        rowDimensions.reserveCapacity(nextVariable - TemplateView.height(spec.views.count - 1) - 1)
        for view in views {
            guard case .box(let width, let height) = view.kind else { continue }
            if case .row(let path, let parameter)? = width { rowDimensions.append((path, parameter)) }
            if case .row(let path, let parameter)? = height { rowDimensions.append((path, parameter)) }
        }
        return TemplateBlueprint(name: spec.name, path: path, views: views, labels: labels, viewIndex: viewIndex,
                                 constraints: constraints, anchorViews: anchorViews, maskedViews: maskedViews,
                                 variableCount: max(nextVariable, 2), rowDimensions: rowDimensions)
    }

    /// The view index `anchor` names (-1: `super`); fails when it names no view of the template.
    private static func known(_ anchor: LayoutAnchor, _ constraint: borrowing ConstraintDescription, _ views: [TemplateView],
                              _ viewIndex: [String: Int]) throws(LayoutError) -> Int {
        if anchor.item == "super" { return -1 }
        if let index = viewNumber(anchor.item, views, viewIndex) { return index }
        throw LayoutError(path: constraint.path, message:
            "\"\(constraint.text)\": unknown view \"\(anchor.item)\" at column \(anchor.column)")
    }

    /// Templates with more views than this hash their ids; smaller ones scan them.
    static let scanLimit = 24

    /// The index of the view named `id` among `views`, or nil: a scan of the ids for a small
    /// template, `viewIndex` (filled only past `scanLimit` views) for a large one.
    static func viewNumber(_ id: String, _ views: [TemplateView], _ viewIndex: [String: Int]) -> Int? {
        if !viewIndex.isEmpty { return viewIndex[id] }
        return views.firstIndex { $0.id == id }
    }

    private static func pair(_ values: [Double], name: String, default value: Double,
                             location: DocumentPath) throws(LayoutError) -> (Double, Double) {
        if values.isEmpty { return (value, value) }
        guard values.count == 2 else {
            throw LayoutError(path: "\(location.path).\(name)", message: "expected [horizontal, vertical] priorities")
        }
        for p in values where !(p >= 1 && p <= 1000) {
            throw LayoutError(path: "\(location.path).\(name)", message: "priority \(formatNumber(p)) is outside 1...1000")
        }
        return (values[0], values[1])
    }

    private static func length(_ dimension: DimensionSpec, _ hints: MemberHints, _ parameter: () -> Int) -> IntrinsicLength {
        switch dimension {
        case .fixed(let v): return .fixed(v.isFinite ? max(0, v) : 0)
        case .path(let path): return .row(RowPath(path, hints: hints), parameter: parameter())
        }
    }

    private static func labelSlot(_ label: LabelSpec, view: Int, fonts: [String: FontStack], location: DocumentPath,
                                  hints: MemberHints, parameter: () -> Int) throws(LayoutError) -> LabelSlot {
        // Spelled out only for a message.
        var path: String { "\(location.path).label" }
        guard let stack = fonts[label.font] else {
            throw LayoutError(path: "\(path).font", message: "font \"\(label.font)\" is not in fonts")
        }
        guard label.size.isFinite, label.size > 0 else {
            throw LayoutError(path: "\(path).size", message: "font size must be a positive number")
        }
        guard label.lines >= 0 else { throw LayoutError(path: "\(path).lines", message: "lines must be 0 or more") }
        guard label.lineSpacing.isFinite, label.lineHeightMultiple.isFinite, label.lineHeightMultiple >= 0 else {
            throw LayoutError(path: path, message: "lineSpacing and lineHeightMultiple must be finite")
        }
        let style = TextStyle(fonts: stack, size: label.size, lines: label.lines,
                              lineBreak: LineBreakMode(rawValue: label.lineBreak.rawValue) ?? .word, lineSpacing: label.lineSpacing,
                              lineHeightMultiple: label.lineHeightMultiple)
        return LabelSlot(view: view, text: label.text, textTemplate: TextTemplate(label.text, hints: hints), style: style, wraps: label.lines != 1,
                         intrinsicWidth: parameter(), intrinsicHeight: parameter(),
                         firstBaselineOffset: parameter(), lastBaselineOffset: parameter())
    }

    /// Fills each stack's arranged view indices and assigns mask bits; rejects unknown ids, a view
    /// arranged twice, `super`, and stacks that (through nesting) arrange themselves.
    private static func resolveStacks(_ spec: TemplateSpec, views: inout [TemplateView], viewIndex: [String: Int],
                                      path: String) throws(LayoutError) -> [Int] {
        var owner: [Int: Int] = [:]
        var masked: [Int] = []
        for (s, view) in spec.views.enumerated() {
            guard case .stack(let stack) = view.kind else { continue }
            var arranged: [Int] = []
            for (j, id) in stack.arranged.enumerated() {
                var here: String { "\(path).views[\(s)].stack.arranged[\(j)]" }
                guard let index = viewNumber(id, views, viewIndex) else {
                    throw LayoutError(path: here, message: "unknown view \"\(id)\"")
                }
                guard index != s else { throw LayoutError(path: here, message: "stack \"\(id)\" cannot arrange itself") }
                if let other = owner[index] {
                    throw LayoutError(path: here, message:
                        "view \"\(id)\" is already arranged in stack \"\(views[other].id)\"")
                }
                owner[index] = s
                arranged.append(index)
                guard masked.count < 64 else {
                    throw LayoutError(path: here, message: "more than 64 arranged views in one template")
                }
                views[index].maskBit = masked.count
                masked.append(index)
            }
            if stack.distribution == .fillProportionally {
                throw LayoutError(path: "\(path).views[\(s)].stack.distribution",
                                  message: "distribution fillProportionally is not supported")
            }
            if stack.axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
                throw LayoutError(path: "\(path).views[\(s)].stack.alignment",
                                  message: "baseline alignment needs a horizontal stack")
            }
            guard stack.spacing.isFinite else {
                throw LayoutError(path: "\(path).views[\(s)].stack.spacing", message: "spacing must be a number")
            }
            views[s].kind = .stack(stack, arranged: arranged)
        }
        // A cycle: following each view's owning stack upwards comes back to the view.
        for start in owner.keys {
            var seen: Set<Int> = [start]
            var current = start
            while let up = owner[current] {
                if !seen.insert(up).inserted {
                    throw LayoutError(path: views[up].path, message:
                        "stacks arrange each other in a cycle (\"\(views[up].id)\" contains itself)")
                }
                current = up
            }
        }
        return masked
    }
}

