import TextEngine
import CellsFormat
import DynamicType

/// Checks a `Template` and resolves it into a `TemplateBlueprint`: unique view ids, known
/// fonts, stacks that arrange known views at most once and without cycles, parsed constraints
/// naming known views. Every problem is a `LayoutError` with the JSON path of its source.
enum TemplateCompiler {
    /// A template's views by id (Swift string equality: canonically equal spellings are one id).
    typealias ViewNames = [String: Int]

    /// Resolves `spec`; `fonts` are the document's loaded font stacks by name, `listMargins` the
    /// content view's margins when the template gives none, `assets` the sizes of the images
    /// named by asset (a name not there is a nil image, 0 x 0), and labels that follow Dynamic
    /// Type are sized at `contentSize`.
    static func blueprint(_ spec: Template, fonts: [String: FontStack],
                          listMargins: LayoutMargins = .tableCellContent,
                          assets: [String: ImageSize] = [:],
                          contentSize: ContentSizeCategory = .large) throws(LayoutError) -> TemplateBlueprint {
        let path = "templates.\(spec.name)"
        try checkMargins(listMargins, at: "list.layoutMargins")
        try checkMargins(spec.layoutMargins, at: "\(path).layoutMargins")
        guard spec.views.count <= LayoutLimits.maximumViews else {
            throw LayoutError(path: "\(path).views", message: "\(spec.views.count) views is more than the limit of \(LayoutLimits.maximumViews) views in a template (LayoutLimits.maximumViews)")
        }
        var views: [TemplateView] = []
        views.reserveCapacity(spec.views.count)
        var names = ViewNames(minimumCapacity: spec.views.count)
        var labels: [LabelSlot] = []
        // One table of member hints for the template's row paths (room for a width, a height and
        // a hidden rule per view, and a few label placeholders; more get tables of their own).
        let hints = MemberHints.make(capacity: 3 * spec.views.count + 4)
        var inputs = RowInputs(firstParameter: TemplateView.height(spec.views.count - 1) + 1, hints: hints,
                               viewCount: spec.views.count)

        var hasStacks = false
        // Indices, not elements: a copy of each view's spec would retain and release its strings.
        for i in spec.views.indices {
            let id = spec.views[i].id
            let viewLocation = DocumentPath.element(base: path, field: "views", index: i)
            guard !id.isEmpty else { throw LayoutError(path: viewLocation.path, message: "a view needs an id") }
            guard id != "super" else {
                throw LayoutError(path: viewLocation.path, message: "\"super\" is the content view; choose another id")
            }
            guard names.updateValue(i, forKey: id) == nil else {
                throw LayoutError(path: viewLocation.path, message: "view id \(JSONText.excerpt(id)) is used twice")
            }
            let hugging = try pair(spec.views[i].hugging, name: "hugging", default: 250, location: viewLocation)
            let compression = try pair(spec.views[i].compression, name: "compression", default: 750, location: viewLocation)
            var kind: TemplateView.Kind
            switch spec.views[i].kind {
            case .label(let label):
                // Room for every label at the first one (templates without labels allocate none).
                if labels.isEmpty { labels.reserveCapacity(spec.views.count - i) }
                labels.append(try labelSlot(label, view: i, fonts: fonts, contentSize: contentSize, location: viewLocation,
                                            inputs: &inputs))
                kind = .label(slot: labels.count - 1)
            case .image(let width, let height):
                try checkSizes(width, height, of: "image", at: viewLocation)
                kind = .box(width: inputs.length(width), height: inputs.length(height))
            case .imageAsset(let name):
                let size = assets[name] ?? .zero
                kind = .box(width: inputs.length(.fixed(size.width)), height: inputs.length(.fixed(size.height)))
            case .view(let width, let height):
                try checkSizes(width, height, of: "view", at: viewLocation)
                kind = .box(width: width.map { inputs.length($0) }, height: height.map { inputs.length($0) })
            case .stack(let stack):
                kind = .stack(stack, arranged: [])
                hasStacks = true
            }
            try checkMargins(spec.views[i].layoutMargins, at: "\(viewLocation.path).layoutMargins")
            try checkHidden(spec.views[i].hidden, at: viewLocation)
            views.append(TemplateView(id: id, kind: kind, hidden: HiddenRule(spec.views[i].hidden, hints: hints),
                                      hugging: hugging, compression: compression, maskBit: nil, location: viewLocation))
        }
        let maskedViews = hasStacks ? try resolveStacks(spec, views: &views, names: names, path: path) : []
        let constraints = try resolveConstraints(spec, names: names, path: path,
                                                 superMargins: spec.layoutMargins ?? listMargins)
        guard constraints.count <= LayoutLimits.maximumConstraints else {
            throw LayoutError(path: "\(path).constraints", message: "the constraints and visual formats make \(constraints.count) constraints, more than the limit of \(LayoutLimits.maximumConstraints) in a template (LayoutLimits.maximumConstraints)")
        }
        let tallestFields = hasStacks ? tallestFields(views, constraints: constraints) : []
        return TemplateBlueprint(name: spec.name, path: path, views: views, labels: labels,
                                 constraints: constraints, maskedViews: maskedViews,
                                 variableCount: max(inputs.nextVariable, 2), rowDimensions: inputs.dimensions,
                                 tallestFields: tallestFields)
    }

    /// The horizontal stacks whose choice of tallest arranged view can change a constraint, each
    /// given its bits: every baseline a constraint names is followed through the stacks it
    /// delegates to (a vertical stack to any arranged view, since which is first or last visible
    /// depends on the row; a horizontal one to any, since which is tallest does).
    private static func tallestFields(_ views: [TemplateView], constraints: [TemplateConstraint]) -> [TallestField] {
        var needed = Set<Int>()
        var followed = Set<Int>()  // 2 * view + (0: first, 1: last baseline)
        func follow(_ view: Int, _ attribute: LayoutAttribute) {
            guard view >= 0, attribute == .firstBaseline || attribute == .lastBaseline,
                  followed.insert(2 * view + (attribute == .firstBaseline ? 0 : 1)).inserted,
                  case .stack(let stack, let arranged) = views[view].kind else { return }
            if stack.axis == .horizontal, stack.alignment != .fill, arranged.count > 1 {
                // A baseline-aligned stack's arranged views share that baseline: any one is it.
                let aligned: LayoutAttribute? = switch stack.alignment {
                case .firstBaseline: .firstBaseline
                case .lastBaseline: .lastBaseline
                default: nil
                }
                if aligned != attribute { needed.insert(view) }
            }
            for a in arranged { follow(a, attribute) }
        }
        for c in constraints {
            follow(c.first.view, c.first.attribute)
            if let second = c.second { follow(second.view, second.attribute) }
        }
        for view in views {
            guard case .stack(let stack, let arranged) = view.kind else { continue }
            if stack.alignment == .firstBaseline { for a in arranged { follow(a, .firstBaseline) } }
            if stack.alignment == .lastBaseline { for a in arranged { follow(a, .lastBaseline) } }
        }
        // An n-view stack takes ceil(log2 n) bits; with at most 64 arranged views in a template
        // that is at most 42 bits (21 stacks of three), so every choice fits one word.
        var fields: [TallestField] = []
        var shift = 0
        for s in needed.sorted() {
            guard case .stack(_, let arranged) = views[s].kind else { continue }
            let width = Int.bitWidth - (arranged.count - 1).leadingZeroBitCount
            fields.append(TallestField(stack: s, shift: shift, width: width))
            shift += width
        }
        return fields
    }

    /// Parses the template's constraints and visual formats and finds the views they name.
    /// Every text is parsed before an unknown view is reported, so a syntax error anywhere
    /// comes first; then the first unknown name, in order, is the error. A margin attribute
    /// becomes the edge or centre it is measured from, its offset (the view's margins, the
    /// content view's `superMargins`) folded into the constant: `a.leading == super.leadingMargin`
    /// is `a.leading == super.leading + 16` under a table cell's margins.
    private static func resolveConstraints(_ spec: Template, names: ViewNames, path: String,
                                           superMargins: LayoutMargins) throws(LayoutError) -> [TemplateConstraint] {
        var constraints: [TemplateConstraint] = []
        constraints.reserveCapacity(spec.constraints.count)
        var written: [ConstraintTerms] = []
        written.reserveCapacity(spec.constraints.count)
        var unknown: LayoutError?
        func note(_ name: @autoclosure () -> String, column: @autoclosure () -> Int, text: String, location: DocumentPath) {
            if unknown != nil { return }
            unknown = LayoutError(path: location.path, message:
                "\(JSONText.excerpt(text)): unknown view \(JSONText.excerpt(name())) at column \(column())")
        }

        func bind(_ c: ConstraintDescription) -> TemplateConstraint {
            // The anchor with its margin offset (0 for any other attribute).
            func anchor(_ a: LayoutAnchor) -> (ViewAnchor, offset: Double) {
                let view = a.item == "super" ? -1 : names[a.item]
                if view == nil { note(a.item, column: a.column, text: c.text, location: c.location) }
                let index = view ?? -1
                let margins = index < 0 ? superMargins : spec.views[index].layoutMargins ?? .view
                let plain = a.attribute.withoutMargins(margins)
                return (ViewAnchor(view: index, attribute: plain.attribute), plain.offset)
            }
            let first = anchor(c.first)
            let second = c.second.map(anchor)
            // first + o1 REL m * (second + o2) + c, with the offsets moved to the constant.
            let constant = first.offset == 0 && (second?.offset ?? 0) == 0
                ? c.constant : c.constant + c.multiplier * (second?.offset ?? 0) - first.offset
            written.append(ConstraintTerms(relation: c.relation, multiplier: c.multiplier, constant: c.constant,
                                           priority: c.priority))
            return TemplateConstraint(first: first.0, second: second?.0,
                                      terms: ConstraintTerms(relation: c.relation, multiplier: c.multiplier,
                                                             constant: constant, priority: c.priority),
                                      text: c.text, location: c.location)
        }
        for i in spec.constraints.indices {
            let location = DocumentPath.element(base: path, field: "constraints", index: i)
            constraints.append(bind(try ConstraintParser.parse(spec.constraints[i], location: location)))
        }
        for i in spec.visualFormats.indices {
            let location = DocumentPath.element(base: path, field: "visualFormats", index: i)
            constraints += try VisualFormatParser.parse(spec.visualFormats[i], location: location).map(bind)
        }
        if let unknown { throw unknown }
        for (c, terms) in zip(constraints, written) {
            // Outside these ranges the solver's tolerance takes a coefficient for zero, or a
            // constant's round-off for a real difference: priorities would stop being strict.
            // The constant checked is the one written, before any margin is folded in.
            if !LayoutLimits.isMultiplier(terms.multiplier) {
                throw LayoutError(path: c.location.path, message:
                    "\(JSONText.excerpt(c.text)): multiplier \(formatNumber(terms.multiplier)) is out of range: expected 0 or 0.001...1000 in magnitude")
            }
            if !LayoutLimits.isConstant(terms.constant) {
                throw LayoutError(path: c.location.path, message:
                    "\(JSONText.excerpt(c.text)): constant \(formatNumber(terms.constant)) is out of range: expected \(LayoutLimits.constantRangeText)")
            }
        }
        return constraints
    }

    /// Throws unless every inset of `margins` (when given) is a finite constant `LayoutLimits`
    /// admits (a decoded document is checked when decoded; a template built in code is checked here).
    static func checkMargins(_ margins: LayoutMargins?, at path: @autoclosure () -> String) throws(LayoutError) {
        guard let margins else { return }
        for inset in margins.insets where !LayoutLimits.isConstant(inset) {
            throw LayoutError(path: path(), message:
                "\(formatNumber(inset)) is out of range: expected \(LayoutLimits.constantRangeText)")
        }
    }

    /// Throws unless each fixed size of an image or box is one `LayoutLimits` admits (a
    /// decoded document is checked when decoded; a template built in code is checked here).
    private static func checkSizes(_ width: DimensionSpec?, _ height: DimensionSpec?, of kind: String,
                                   at location: DocumentPath) throws(LayoutError) {
        for (name, size) in [("width", width), ("height", height)] {
            if case .fixed(let v)? = size, !LayoutLimits.isSize(v) {
                throw LayoutError(path: "\(location.path).\(kind).\(name)",
                                  message: "\(formatNumber(v)) is out of range: expected \(LayoutLimits.sizeRangeText)")
            }
            if case .path(let rowPath)? = size, let problem = RowPathSyntax.problem(in: rowPath) {
                throw LayoutError(path: "\(location.path).\(kind).\(name)",
                                  message: "\(JSONText.excerpt(rowPath)) is not a row path: \(problem)")
            }
        }
    }

    /// A `hidden` key must be a row path (`RowPathSyntax`), for a template built in Swift as
    /// for one read from JSON.
    private static func checkHidden(_ hidden: HiddenSpec, at location: DocumentPath) throws(LayoutError) {
        switch hidden {
        case .always: return
        case .whenTrue(let key), .whenFalse(let key):
            guard let problem = RowPathSyntax.problem(in: key) else { return }
            throw LayoutError(path: "\(location.path).hidden", message: "\(JSONText.excerpt(key)) is not a row path: \(problem)")
        }
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

    private static func labelSlot(_ label: LabelSpec, view: Int, fonts: [String: FontStack],
                                  contentSize: ContentSizeCategory, location: DocumentPath,
                                  inputs: inout RowInputs) throws(LayoutError) -> LabelSlot {
        // Spelled out only for a message.
        var path: String { "\(location.path).label" }
        let font = try ResolvedFont(font: label.font, size: label.size, textStyle: label.textStyle,
                                    relativeTo: label.relativeTo, features: label.features, at: contentSize,
                                    fonts: fonts, path: path)
        // The decoder's ranges (LayoutLimits), checked again for a label built in code.
        func outOfRange(_ field: String, _ value: String, _ range: String) -> LayoutError {
            LayoutError(path: "\(path).\(field)", message: "\(value) is out of range: expected \(range)")
        }
        guard LayoutLimits.labelLines.contains(label.lines) else {
            throw outOfRange("lines", String(label.lines), LayoutLimits.wholeNumberRangeText(LayoutLimits.labelLines))
        }
        guard LayoutLimits.lineSpacings.contains(label.lineSpacing) else {
            throw outOfRange("lineSpacing", formatNumber(label.lineSpacing), LayoutLimits.lineSpacingRangeText)
        }
        guard LayoutLimits.lineHeightMultiples.contains(label.lineHeightMultiple) else {
            throw outOfRange("lineHeightMultiple", formatNumber(label.lineHeightMultiple),
                             LayoutLimits.lineHeightMultipleRangeText)
        }
        guard LayoutLimits.kerns.contains(label.kern) else {
            throw outOfRange("kern", formatNumber(label.kern), LayoutLimits.kernRangeText)
        }
        if let problem = label.paragraph.problem {
            throw LayoutError(path: "\(path).\(problem.key)", message: problem.message)
        }
        if let problem = label.problem { throw LayoutError(path: "\(path).text", message: problem) }
        if label.runs != nil, !label.text.isEmpty {
            throw LayoutError(path: "\(path).text", message: "a label's text is a string or runs: give \"text\" or \"runs\", not both")
        }
        let p = label.paragraph
        var style = TextStyle(fonts: font.fonts, size: font.size, lines: label.lines,
                              lineBreak: LineBreakMode(rawValue: label.lineBreak.rawValue) ?? .word, lineSpacing: label.lineSpacing,
                              lineHeightMultiple: label.lineHeightMultiple, kern: label.kern,
                              paragraph: ParagraphStyle(paragraphSpacing: p.paragraphSpacing,
                                                        paragraphSpacingBefore: p.paragraphSpacingBefore,
                                                        firstLineHeadIndent: p.firstLineHeadIndent, headIndent: p.headIndent,
                                                        tailIndent: p.tailIndent, minimumLineHeight: p.minimumLineHeight,
                                                        maximumLineHeight: p.maximumLineHeight))
        var text = label.text
        var runs = try label.runs.map { specs throws(LayoutError) in
            try compileRuns(specs, of: label, fonts: fonts, contentSize: contentSize, path: "\(path).text", hints: inputs.hints)
        } ?? []
        // What a row's runs take for what they leave out: the label's typography, or the one
        // run's that the label is compiled as.
        var typography = label
        // One run that sits on the baseline is the plain text in its typography: today's path.
        if runs.count == 1, runs[0].run.baselineOffset == 0, let only = label.runs?.first {
            style.fonts = runs[0].run.fonts
            style.size = runs[0].run.size
            style.kern = runs[0].run.kern
            text = only.text
            runs = []
            typography.font = only.font ?? label.font
            (typography.size, typography.textStyle, typography.relativeTo) = only.sizing(in: label)
            typography.kern = only.kern ?? label.kern
            typography.features = only.features ?? label.features
            typography.runs = nil
        }
        return LabelSlot(view: view, text: text,
                         shared: LabelText(template: TextTemplate(text, hints: inputs.hints), style: style, runs: runs,
                                           rowRuns: RowRuns(label: typography, fonts: fonts, contentSize: contentSize)),
                         wraps: label.lines != 1, intrinsicWidth: inputs.parameter(), intrinsicHeight: inputs.parameter(),
                         firstBaselineOffset: inputs.parameter(), lastBaselineOffset: inputs.parameter())
    }

    /// An attributed label's runs, each with its text template and typography (`resolveRun`).
    private static func compileRuns(_ specs: [TextRunSpec], of label: LabelSpec, fonts: [String: FontStack],
                                    contentSize: ContentSizeCategory, path: String,
                                    hints: MemberHints) throws(LayoutError) -> [RunText] {
        var runs: [RunText] = []
        runs.reserveCapacity(specs.count)
        for (i, spec) in specs.enumerated() {
            var run = try resolveRun(spec, of: label, fonts: fonts, contentSize: contentSize, path: "\(path)[\(i)]")
            run.text = ""
            runs.append(RunText(template: TextTemplate(spec.text, hints: hints), run: run))
        }
        return runs
    }

    /// One run of `label` as the text engine takes it, its text as written: its font, size and
    /// features resolved as a label's are (`ResolvedFont`) from its own members or the label's;
    /// errors name the run's member (`templates.T.views[1].label.text[2].size`).
    static func resolveRun(_ spec: TextRunSpec, of label: LabelSpec, fonts: [String: FontStack],
                           contentSize: ContentSizeCategory, path at: String) throws(LayoutError) -> TextRun {
        if spec.textStyle != nil, spec.size != nil {
            throw LayoutError(path: "\(at).size", message: "a run with a textStyle takes its size from the style: give size or textStyle, not both")
        }
        if spec.textStyle != nil, spec.relativeTo != nil {
            throw LayoutError(path: "\(at).relativeTo", message: "relativeTo scales a size; a textStyle is sized by the category already")
        }
        let kern = spec.kern ?? label.kern
        for (key, value) in [("kern", kern), ("baselineOffset", spec.baselineOffset)] where !LayoutLimits.kerns.contains(value) {
            throw LayoutError(path: "\(at).\(key)",
                              message: "\(formatNumber(value)) is out of range: expected \(LayoutLimits.kernRangeText)")
        }
        let sizing = spec.sizing(in: label)
        let font = try ResolvedFont(font: spec.font ?? label.font, size: sizing.size, textStyle: sizing.textStyle,
                                    relativeTo: sizing.relativeTo, features: spec.features ?? label.features,
                                    at: contentSize, fonts: fonts, path: at)
        return TextRun(spec.text, fonts: font.fonts, size: font.size, kern: kern, baselineOffset: spec.baselineOffset)
    }

    /// Fills each stack's arranged view indices and assigns mask bits; rejects unknown ids, a view
    /// arranged twice, `super`, and stacks that (through nesting) arrange themselves.
    private static func resolveStacks(_ spec: Template, views: inout [TemplateView], names: ViewNames,
                                      path: String) throws(LayoutError) -> [Int] {
        var owner: [Int: Int] = [:]
        var masked: [Int] = []
        for s in views.indices where views[s].isStack {
            guard case .stack(let stack) = spec.views[s].kind else { continue }
            var arranged: [Int] = []
            for (j, id) in stack.arranged.enumerated() {
                var here: String { "\(path).views[\(s)].stack.arranged[\(j)]" }
                guard let index = names[id] else {
                    throw LayoutError(path: here, message: "unknown view \(JSONText.excerpt(id))")
                }
                guard index != s else { throw LayoutError(path: here, message: "stack \(JSONText.excerpt(id)) cannot arrange itself") }
                if let other = owner[index] {
                    throw LayoutError(path: here, message:
                        "view \(JSONText.excerpt(id)) is already arranged in stack \(JSONText.excerpt(views[other].id))")
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
            guard LayoutLimits.isConstant(stack.spacing) else {
                throw LayoutError(path: "\(path).views[\(s)].stack.spacing",
                                  message: "spacing must be a number of points in \(LayoutLimits.constantRangeText)")
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
                        "stacks arrange each other in a cycle (\(JSONText.excerpt(views[up].id)) contains itself)")
                }
                current = up
            }
        }
        return masked
    }
}

/// What a template reads from each row as it is compiled: parameter variables handed out in
/// order (after the views' own), and the image and box sizes read from the row with the
/// parameter each one sets.
struct RowInputs {
    /// The variable the next parameter gets.
    private(set) var nextVariable: Int
    /// Image and box sizes read from the row, in view order (a width before its height).
    private(set) var dimensions: [(path: RowPath, parameter: Int)] = []
    /// The template's table of member hints for its row paths.
    let hints: MemberHints

    /// No parameters yet; the first gets `firstParameter`. Room for a width and a height for
    /// each of `viewCount` views.
    init(firstParameter: Int, hints: MemberHints, viewCount: Int) {
        nextVariable = firstParameter
        self.hints = hints
        dimensions.reserveCapacity(2 * viewCount)
    }

    /// A new parameter variable.
    mutating func parameter() -> Int {
        defer { nextVariable += 1 }
        return nextVariable
    }

    /// The intrinsic length `dimension` gives: a constant, or a row path with its own parameter.
    mutating func length(_ dimension: DimensionSpec) -> IntrinsicLength {
        switch dimension {
        case .fixed(let v): return .fixed(v.isFinite ? max(0, v) : 0)
        case .path(let text):
            let parameter = parameter()
            dimensions.append((RowPath(text, hints: hints), parameter))
            return .row(dimension: dimensions.count - 1, parameter: parameter)
        }
    }
}
