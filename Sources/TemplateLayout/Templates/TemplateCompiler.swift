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
        var viewIndex: [String: Int] = [:]
        viewIndex.reserveCapacity(spec.views.count)
        var nextVariable = TemplateView.height(spec.views.count - 1) + 1
        func parameter() -> Int {
            defer { nextVariable += 1 }
            return nextVariable
        }

        for (i, view) in spec.views.enumerated() {
            let viewPath = element(path, "views", i)
            guard !view.id.isEmpty else { throw LayoutError(path: viewPath, message: "a view needs an id") }
            guard view.id != "super" else {
                throw LayoutError(path: viewPath, message: "\"super\" is the content view; choose another id")
            }
            guard viewIndex[view.id] == nil else {
                throw LayoutError(path: viewPath, message: "view id \"\(view.id)\" is used twice")
            }
            viewIndex[view.id] = i
            let hugging = try pair(view.hugging, name: "hugging", default: 250, path: viewPath)
            let compression = try pair(view.compression, name: "compression", default: 750, path: viewPath)
            var kind: TemplateView.Kind
            switch view.kind {
            case .label(let label):
                labels.append(try labelSlot(label, view: i, fonts: fonts, path: member(viewPath, "label"), parameter: parameter))
                kind = .label(slot: labels.count - 1)
            case .image(let width, let height):
                kind = .box(width: length(width, parameter), height: length(height, parameter))
            case .view(let width, let height):
                kind = .box(width: width.map { length($0, parameter) }, height: height.map { length($0, parameter) })
            case .stack(let stack):
                kind = .stack(stack, arranged: [])
            }
            views.append(TemplateView(id: view.id, kind: kind, hidden: HiddenRule(view.hidden), hugging: hugging,
                                      compression: compression, maskBit: nil, path: viewPath))
        }

        let maskedViews = try resolveStacks(spec, views: &views, viewIndex: viewIndex, path: path)

        var constraints: [ConstraintDescription] = []
        constraints.reserveCapacity(spec.constraints.count)
        for (i, text) in spec.constraints.enumerated() {
            constraints.append(try ConstraintParser.parse(text, path: element(path, "constraints", i)))
        }
        for (i, text) in spec.visualFormats.enumerated() {
            constraints += try VisualFormatParser.parse(text, path: element(path, "visualFormats", i))
        }
        for constraint in constraints {
            try checkKnown(constraint.first, constraint, viewIndex)
            if let second = constraint.second { try checkKnown(second, constraint, viewIndex) }
        }
        var rowDimensions: [(path: RowPath, parameter: Int)] = []
        for view in views {
            guard case .box(let width, let height) = view.kind else { continue }
            if case .row(let path, let parameter)? = width { rowDimensions.append((path, parameter)) }
            if case .row(let path, let parameter)? = height { rowDimensions.append((path, parameter)) }
        }
        return TemplateBlueprint(name: spec.name, path: path, views: views, labels: labels, viewIndex: viewIndex,
                                 constraints: constraints, maskedViews: maskedViews,
                                 variableCount: max(nextVariable, 2), rowDimensions: rowDimensions)
    }

    /// `base.field[index]`, built in one allocation (a template has a path per view and constraint).
    private static func element(_ base: String, _ field: String, _ index: Int) -> String {
        let digits = String(index)
        return String(unsafeUninitializedCapacity: base.utf8.count + field.utf8.count + digits.utf8.count + 3) { buffer in
            var at = 0
            func put(_ part: String) {
                // Copies the string's contiguous UTF-8 in one go.
                at += UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(fromContentsOf: part.utf8)
            }
            put(base)
            put(".")
            put(field)
            put("[")
            put(digits)
            put("]")
            return at
        }
    }

    /// `base.field`, built in one allocation.
    private static func member(_ base: String, _ field: String) -> String {
        String(unsafeUninitializedCapacity: base.utf8.count + field.utf8.count + 1) { buffer in
            var at = UnsafeMutableBufferPointer(rebasing: buffer[0...]).initialize(fromContentsOf: base.utf8)
            buffer[at] = UInt8(ascii: ".")
            at += 1
            at += UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(fromContentsOf: field.utf8)
            return at
        }
    }

    /// Fails unless `anchor` names `super` or a view of the template.
    private static func checkKnown(_ anchor: LayoutAnchor, _ constraint: ConstraintDescription,
                                   _ viewIndex: [String: Int]) throws(LayoutError) {
        guard anchor.item != "super", viewIndex[anchor.item] == nil else { return }
        throw LayoutError(path: constraint.path, message:
            "\"\(constraint.text)\": unknown view \"\(anchor.item)\" at column \(anchor.column)")
    }

    private static func pair(_ values: [Double], name: String, default value: Double,
                             path: String) throws(LayoutError) -> (Double, Double) {
        if values.isEmpty { return (value, value) }
        guard values.count == 2 else {
            throw LayoutError(path: "\(path).\(name)", message: "expected [horizontal, vertical] priorities")
        }
        for p in values where !(p >= 1 && p <= 1000) {
            throw LayoutError(path: "\(path).\(name)", message: "priority \(formatNumber(p)) is outside 1...1000")
        }
        return (values[0], values[1])
    }

    private static func length(_ dimension: DimensionSpec, _ parameter: () -> Int) -> IntrinsicLength {
        switch dimension {
        case .fixed(let v): return .fixed(v.isFinite ? max(0, v) : 0)
        case .path(let path): return .row(RowPath(path), parameter: parameter())
        }
    }

    private static func labelSlot(_ label: LabelSpec, view: Int, fonts: [String: FontStack], path: String,
                                  parameter: () -> Int) throws(LayoutError) -> LabelSlot {
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
        return LabelSlot(view: view, text: label.text, textTemplate: TextTemplate(label.text), style: style, wraps: label.lines != 1,
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
                let here = "\(path).views[\(s)].stack.arranged[\(j)]"
                guard let index = viewIndex[id] else {
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
