import Foundation
import Testing
import TemplateLayout
import TestSupport

/// Templates written in Swift with typed anchors are the templates the string grammar and the
/// Visual Format Language give.
@Suite struct SwiftTemplateTests {
    static let avatar = ViewSpec.image("avatar", width: 40, height: 40)
    static let name = ViewSpec.label("name", text: "${name}", font: "bold", size: 15)
    static let detail = ViewSpec.label("detail", text: "${detail}", size: 14, lines: 0)
    static let dot = ViewSpec.view("dot", width: 8, height: 8, hidden: "!unread")

    /// SPEC's feed cell with operators on anchors.
    static let feedWithOperators = Fixtures.swiftFeedCell

    /// The same cell with NSLayoutAnchor's methods.
    static let feedWithAnchorMethods = Template("FeedCell") { content in
        avatar; name; detail; dot
        avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16)
        avatar.topAnchor.constraint(equalTo: content.topAnchor, constant: 12)
        avatar.widthAnchor.constraint(equalToConstant: 40)
        avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor)
        name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 10)
        name.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -16)
        name.topAnchor.constraint(equalTo: avatar.topAnchor)
        detail.leadingAnchor.constraint(equalTo: name.leadingAnchor)
        detail.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16)
        detail.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 6)
        content.bottomAnchor.constraint(greaterThanOrEqualTo: avatar.bottomAnchor, constant: 12)
        content.bottomAnchor.constraint(greaterThanOrEqualTo: detail.bottomAnchor, constant: 12)
    }

    /// The same cell in the Visual Format Language where it can say it, strings for the rest.
    static let feedWithVisualFormat = Template(name: "FeedCell", views: [avatar, name, detail, dot], constraints: [
        "avatar.height == avatar.width", "name.top == avatar.top", "detail.leading == name.leading",
        "detail.top == name.bottom + 6", "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12",
    ], visualFormats: ["H:|-16-[avatar(40)]-10-[name]-(>=16)-|", "H:[detail]-16-|", "V:|-12-[avatar]"])

    static let rows: [JSONObject] = [
        ["name": "Ada", "detail": "First post", "unread": true],
        ["name": "Grace Hopper", "detail": .string(String(repeating: "A long detail that wraps over several lines. ", count: 6))],
        ["name": "李白", "detail": "床前明月光，疑是地上霜。举头望明月，低头思故乡。 🌙"],
        ["name": "", "detail": ""],
    ]

    @Test func typedConstraintsSpellTheStringGrammar() {
        #expect(Self.feedWithOperators.constraints == Fixtures.feedCell.constraints)
        #expect(Self.feedWithAnchorMethods.constraints == Fixtures.feedCell.constraints)
        #expect(Self.feedWithOperators.views.map(\.id) == ["avatar", "name", "detail", "dot"])
    }

    @Test func theSameTemplateWrittenThreeWaysGivesEqualHeightsAndFrames() throws {
        let written = [Fixtures.feedCell, Self.feedWithOperators, Self.feedWithVisualFormat]
        let measurers = try written.map { try Fixtures.measurer([$0]) }
        for fields in Self.rows {
            let row = Fixtures.row(fields, template: "FeedCell")
            let section = SectionSpec(template: "FeedCell", autoHeight: true)
            let results = try measurers.map { try $0.measureRow(row, in: section, frames: true) }
            for result in results.dropFirst() {
                #expect(result.height == results[0].height)
                #expect(result.frames == results[0].frames)
            }
        }
    }

    @Test func prioritiesMultipliersAndConstantsAreSpelledAsTheGrammarReadsThem() {
        let a = ViewSpec.view("a"), b = ViewSpec.view("b")
        let template = Template { content in
            a; b
            (a.trailing <= content.trailing - 16).priority(.defaultHigh)
            a.width == 0.5 * b.height + 2.5
            b.width >= 10
            a.height.constraint(equalTo: b.height, multiplier: 2, constant: -1).priority(999)
            a.centerY == content.centerY
            a.firstBaseline == b.lastBaseline
        }
        #expect(template.name == "Template")
        #expect(template.constraints == [
            "a.trailing <= super.trailing - 16 @ 750", "a.width == 0.5 * b.height + 2.5", "b.width >= 10",
            "a.height == 2 * b.height - 1 @ 999", "a.centerY == super.centerY", "a.firstBaseline == b.lastBaseline",
        ])
    }

    /// The message `Fixtures.measurer` throws for `template`, or nil when it compiles.
    static func compileError(_ template: Template) -> String? {
        do {
            _ = try Fixtures.measurer([template])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func everyFiniteNumberInRangeCompilesAndOthersAreNamed() throws {
        let box = ViewSpec.view("box")
        func template(_ constraint: LayoutConstraint) -> Template {
            Template("T") { content in
                box
                box.leading == content.leading
                box.trailing == content.trailing
                box.top == content.top
                content.bottom == box.bottom
                constraint
            }
        }
        // Written out as `1e-05`: the grammar reads it back to the same double.
        let small = template(box.bottom == box.top + 0.00001)
        #expect(small.constraints.last == "box.bottom == box.top + 1e-05")
        #expect(Self.compileError(small) == nil)
        #expect(Double("1e-05") == 0.00001)
        let cases: [(LayoutConstraint, String)] = [
            (box.bottom == box.top + 1e300, "constant 1e+300 is out of range"),
            (box.height == 1e-9 * box.width, "multiplier 1e-09 is out of range"),
            (box.bottom == box.top + .nan, "nan is not a finite number"),
            (box.bottom == box.top - .infinity, "inf is not a finite number"),
            (box.height == .infinity * box.width, "inf is not a finite number"),
        ]
        for (constraint, message) in cases {
            let error = Self.compileError(template(constraint))
            #expect(error?.contains("templates.T.constraints[4]") == true, "\(constraint.text): \(error ?? "compiled")")
            #expect(error?.contains(message) == true, "\(constraint.text): \(error ?? "compiled")")
        }
    }

    @Test func aLabelBuiltInCodeHasTheDecodersRanges() throws {
        func label(size: Double = 14, lines: Int = 0, lineSpacing: Double = 0, lineHeightMultiple: Double = 1) -> Template {
            let label = ViewSpec.label("l", text: "${t}", size: size, lines: lines, lineSpacing: lineSpacing,
                                       lineHeightMultiple: lineHeightMultiple)
            return Template(name: "L", views: [label], visualFormats: ["H:|-16-[l]-16-|", "V:|-11-[l]-11-|"])
        }
        let path = "templates.L.views[0].label"
        let cases: [(Template, String)] = [
            (label(size: 1e6), "\(path).size: 1000000 is out of range: expected a positive point size up to 100000"),
            (label(size: 0), "\(path).size: 0 is out of range: expected a positive point size up to 100000"),
            (label(size: .nan), "\(path).size: nan is out of range: expected a positive point size up to 100000"),
            (label(lines: Int.max), "\(path).lines: \(Int.max) is out of range: expected a whole number in 0...1000000"),
            (label(lines: -1), "\(path).lines: -1 is out of range: expected a whole number in 0...1000000"),
            (label(lineSpacing: -1e9), "\(path).lineSpacing: -1000000000 is out of range: expected -100000...100000 points"),
            (label(lineHeightMultiple: 1e9), "\(path).lineHeightMultiple: 1000000000 is out of range: expected a positive factor up to 1000"),
            (label(lineHeightMultiple: 0), "\(path).lineHeightMultiple: 0 is out of range: expected a positive factor up to 1000"),
            (label(lineHeightMultiple: -1), "\(path).lineHeightMultiple: -1 is out of range: expected a positive factor up to 1000"),
        ]
        for (template, message) in cases {
            #expect(Self.compileError(template) == message)
        }
        #expect(Self.compileError(label(size: 100_000, lines: 1_000_000, lineSpacing: -100_000, lineHeightMultiple: 1000)) == nil)
    }

    @Test func stacksAndHiddenRulesAreTheCellsJSONOnes() throws {
        let title = ViewSpec.label("title", text: "${title}")
        let subtitle = ViewSpec.label("subtitle", text: "${subtitle}", size: 12, lines: 0, hidden: "!subtitle")
        let stack = ViewSpec.stack("stack", axis: .vertical, spacing: 4, arranged: [title, subtitle])
        let template = Template("Stacked") { content in
            title; subtitle; stack
            stack.leading == content.leading + 16
            stack.trailing == content.trailing - 16
            stack.top == content.top + 11
            content.bottom == stack.bottom + 11
        }
        guard case .stack(let spec) = template.views[2].kind else { Issue.record("not a stack"); return }
        #expect(spec.arranged == ["title", "subtitle"])
        #expect(spec.spacing == 4)
        #expect(template.views[1].hidden == .whenFalse("subtitle"))
        let measurer = try Fixtures.measurer([template])
        let section = SectionSpec(template: "Stacked", autoHeight: true)
        let shown = try measurer.measureRow(Fixtures.row(["title": "T", "subtitle": "S"]), in: section, frames: false)
        let collapsed = try measurer.measureRow(Fixtures.row(["title": "T"]), in: section, frames: false)
        #expect(shown.height > collapsed.height)
    }
}

/// The compiler, not the run time, rejects a constraint between anchors of different axes (and a
/// position equal to a number): each line is type-checked against the built modules on its own.
@Suite struct AnchorTypeCheckTests {
    static let root = PackageTools.packageRoot

    /// swiftc's diagnostics for a file importing TemplateLayout whose template holds `line`, or
    /// nil when it type-checks.
    static func typeCheck(_ line: String) throws -> String? {
        let source = """
            import TemplateLayout
            let a = ViewSpec.view("a"), b = ViewSpec.label("b", text: "${b}")
            let template = Template { content in
                a; b
                \(line)
            }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anchor-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("check.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let build = Self.root.appendingPathComponent(".build/debug")
        let cflags = try DocSnippetTests.run(["pkg-config", "--cflags", "harfbuzz", "freetype2"], in: folder).stdout
            .split(separator: " ").map { "-Xcc=" + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let checked = try DocSnippetTests.run(["swiftc", "-typecheck", "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CTextKernels.build/module.modulemap").path,
            "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/CHarfBuzz/module.modulemap").path]
            + cflags.flatMap { ["-Xcc", String($0.dropFirst(5))] } + [file.path], in: folder)
        return checked.status == 0 ? nil : checked.stderr
    }

    @Test func anchorsOfOneAxisTypeCheck() throws {
        for line in ["a.leading == b.trailing + 10", "a.top >= b.lastBaseline", "a.width == 2 * b.height",
                     "a.height == 40", "a.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16)"] {
            #expect(try Self.typeCheck(line) == nil, "\(line)")
        }
    }

    @Test func anchorsOfDifferentAxesAreCompileErrors() throws {
        for line in ["a.leading == b.top", "a.top == content.width + 1", "a.width <= b.centerX",
                     "a.top == 12", "a.leadingAnchor.constraint(equalTo: b.topAnchor)",
                     "a.centerX.constraint(equalToConstant: 3)"] {
            let diagnostics = try Self.typeCheck(line)
            // The error is about the anchors' types, not anything else in the file.
            #expect(diagnostics?.contains("Anchor") == true || diagnostics?.contains("no exact matches") == true,
                    "\(line): \(diagnostics ?? "type-checked")")
        }
    }
}
