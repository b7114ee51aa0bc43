import Testing
import TextEngine
@testable import CellsFormat
@testable import CellLayout

/// Compiling finds the views a constraint names from the bytes of its text (packed words for
/// short ASCII names, strings otherwise); every answer is the one `String` comparison gives,
/// canonical equivalence included, and errors keep their order and columns.
@Suite struct ViewNameLookupTests {
    private static let ids = ["avatar", "a_very_long_view_identifier", "größe", "\u{212A}elvin", "tile0", "tile1"]

    private static func names(_ ids: [String], padTo count: Int = 0) -> ViewNames {
        let all = ids + (ids.count..<max(count, ids.count)).map { "pad\($0)" }
        var names = ViewNames(count: all.count)
        for id in all {
            let inserted = names.insert(id)
            #expect(inserted)
        }
        return names
    }

    /// `names.anchorView(named:)` on the UTF-8 bytes of `name`, as the compiler reads them.
    private static func lookup(_ names: ViewNames, _ name: String) -> Int? {
        var name = name
        return name.withUTF8 { names.anchorView(named: $0) }
    }

    @Test func namesReadAsBytesFindTheViewsStringsFind() {
        // The Kelvin sign is canonically equal to `K`, so Swift's `==` finds `\u{212A}elvin` for
        // `Kelvin`; the decomposed spelling of `größe` equals the composed one the same way.
        #expect("\u{212A}elvin" == "Kelvin" && "gro\u{0308}ße" == "größe")
        let expected: [(String, Int?)] = [
            ("avatar", 0), ("a_very_long_view_identifier", 1), ("größe", 2), ("gro\u{0308}ße", 2),
            ("Kelvin", 3), ("\u{212A}elvin", 3), ("tile0", 4), ("tile1", 5), ("super", -1),
            ("Avatar", nil), ("avata", nil), ("avatar0", nil), ("tile2", nil), ("supe", nil), ("a_very_long_view_identifie", nil),
        ]
        // Scanned (a small template) and hashed (past `scanLimit` views).
        for names in [Self.names(Self.ids), Self.names(Self.ids, padTo: TemplateCompiler.scanLimit + 1)] {
            for (name, index) in expected {
                #expect(Self.lookup(names, name) == index, "\(name)")
                #expect(names.anchorView(named: name) == index, "\(name)")
                #expect(names.index(of: name) == (index == -1 ? nil : index), "\(name)")
            }
        }
    }

    @Test func anIdEqualToAnEarlierOneIsNotInserted() {
        for count in [0, TemplateCompiler.scanLimit + 1] {
            var names = Self.names(Self.ids, padTo: count)
            let repeated = ["avatar", "gro\u{0308}ße", "Kelvin"].map { names.insert($0) }
            #expect(repeated == [false, false, false])
            let new = names.insert("avatar2")
            #expect(new)
        }
    }

    @Test func aNameThatDoesNotPackFindsAPackedIdItEquals() {
        // `Kelvin` packs; the Kelvin sign's spelling does not, but is equal as a string.
        for count in [0, TemplateCompiler.scanLimit + 1] {
            var names = Self.names(["avatar", "Kelvin", "größe", "a_very_long_view_identifier"], padTo: count)
            #expect(names.index(of: "\u{212A}elvin") == 1 && names.anchorView(named: "\u{212A}elvin") == 1)
            #expect(Self.lookup(names, "\u{212A}elvin") == 1 && Self.lookup(names, "gro\u{0308}ße") == 2)
            #expect(names.index(of: "a_very_long_view_identifier") == 3 && names.index(of: "avatar") == 0)
            #expect(names.index(of: "\u{212A}elvi") == nil && names.index(of: "a_very_long_view_identifie") == nil)
            let repeated = ["\u{212A}elvin", "Kelvin", "avatar", "gro\u{0308}ße", "a_very_long_view_identifier"].map { names.insert($0) }
            #expect(repeated == [false, false, false, false, false])
        }
    }

    @Test func packedNamesSpellOutTheirBytes() {
        #expect(PackedName.superView == PackedName("super"))
        for s in ["", "a", "super", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "a\u{0}b"] {
            #expect(PackedName(s)?.string == s, "\(s.debugDescription)")
        }
        #expect(PackedName.unpackable.string == "")
    }

    @Test func packedNamesAreEqualExactlyWhenTheirBytesAre() {
        func packed(_ s: String) -> PackedName? { PackedName(s) }
        #expect(packed("tile0") == packed("tile0"))
        #expect(packed("tile0") != packed("tile1"))
        #expect(packed("a") != packed("a\u{0}"))
        #expect(packed("abcdefgh") != packed("abcdefghi"))
        #expect(packed("abcdefghijklmnop") != nil)
        #expect(packed("abcdefghijklmnop") != packed("abcdefghijklmnoq"))
        #expect(packed("abcdefghijklmnopq") == nil)
        #expect(packed("é") == nil)
        #expect(packed("") == packed(""))
    }

    @Test func namesPackedInsideTheirTextPackAsOnTheirOwn() {
        // Every slice of texts with names at their start, middle and end, short and long, ASCII or not.
        for text in ["tile0.leading == super.leading + 8", "abcdefghijklmnopq.x", "a.b", "x", "é.top", "a\u{0}b.c",
                     "header.width == 0.5 * abcdefghijklmno.width", "名前.top == abcdefgh.top"] {
            var text = text
            text.withUTF8 { bytes in
                for start in 0...bytes.count {
                    for end in start...min(bytes.count, start + 18) {
                        let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        #expect(PackedName(name, within: bytes) == PackedName(name), "\(start)..<\(end)")
                    }
                }
            }
        }
    }

    @Test func identifierBytesAreFoundAWordAtATimeAsAByteAtATime() {
        // Every byte value at every position of a word of identifier bytes.
        for b in 0...255 {
            for position in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(b)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let stops = TextCursor.nonIdentifierBytes(UInt64(littleEndian: word))
                let expected: UInt64 = TextCursor.isIdentifierPart(UInt8(b)) ? 0 : 0x80 << UInt64(8 * position)
                #expect(stops == expected, "byte \(b) at \(position)")
            }
        }
    }

    @Test func identifiersEndWhereTheByteScanEndsThem() {
        // From every offset of texts short and long, names ending at the text's end or not.
        for text in ["a", "ab.c", "tile0.leading == super.leading", "abcdefghijklmnopqrstuvwxyz_0123456789",
                     "header.width == 0.5 * abcdefghijklmno.width", "名前.top == größe.lastBaseline", "x\u{0}y",
                     "a_b9 c", "super.bottom >= photo.bottom + 12", "abcdefg", "abcdefgh", "abcdefghi", "a\tb@c*d"] {
            let label = text.debugDescription
            var text = text
            text.withUTF8 { bytes in
                for start in 0..<bytes.count {
                    var cursor = TextCursor(bytes, at: start)
                    var end = start
                    let starts = bytes[start] >= 0x80 || bytes[start] == 0x5F || (bytes[start] | 0x20) &- 0x61 < 26
                    if starts {
                        end += 1
                        while end < bytes.count, TextCursor.isIdentifierPart(bytes[end]) { end += 1 }
                    }
                    let range = cursor.identifierRange()
                    #expect(range == (starts ? start..<end : nil), "\(label) from \(start)")
                    #expect(cursor.index == end, "\(label) from \(start)")
                }
            }
        }
    }

    @Test func attributeNamesAreMatchedByTheirBytes() {
        func attribute(_ s: String) -> LayoutAttribute? {
            var s = s
            return s.withUTF8 { LayoutAttribute(utf8: $0) }
        }
        for a in LayoutAttribute.allCases { #expect(attribute(a.rawValue) == a) }
        for near in ["", "to", "topp", "Top", "centerZ", "centerx", "firstbaseline", "lastBaseLine", "leadinG", "trailin", "wídth",
                     "top\u{0}", "trailing\u{0}", "firstBaselinf", "lastBaselines", "firstBase", "lastBaselin", "trailingg"] {
            #expect(attribute(near) == nil, "\(near)")
        }
    }

    // MARK: - Through the compiler

    private static func compileError(_ constraints: [String], visualFormats: [String] = [],
                                     ids: [String] = ["a", "b"]) -> LayoutError? {
        let views = ids.map { ViewSpec(id: $0, kind: .view(width: .fixed(10), height: .fixed(10))) }
        do {
            _ = try TemplateCompiler.blueprint(TemplateSpec(name: "T", views: views, constraints: constraints,
                                                            visualFormats: visualFormats), fonts: [:])
            return nil
        } catch {
            return error
        }
    }

    @Test func aSyntaxErrorAnywhereComesBeforeAnUnknownView() {
        #expect(Self.compileError(["a.top == nope.top", "a.top = super.top"])
            == LayoutError(path: "templates.T.constraints[1]", message: "\"a.top = super.top\": expected ==, <= or >= at column 7"))
        #expect(Self.compileError(["a.top == nope.top"], visualFormats: ["H:|-[a"])
            == LayoutError(path: "templates.T.visualFormats[0]", message: "\"H:|-[a\": expected \"]\" at column 7"))
    }

    @Test func theFirstUnknownViewInOrderIsTheError() {
        #expect(Self.compileError(["a.top == super.top", "b.top == nope.bottom", "nix.top == a.top"], visualFormats: ["H:|[zz]|"])
            == LayoutError(path: "templates.T.constraints[1]", message: "\"b.top == nope.bottom\": unknown view \"nope\" at column 10"))
        #expect(Self.compileError(["nope.top == nix.top"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"nope.top == nix.top\": unknown view \"nope\" at column 1"))
        #expect(Self.compileError(["a.top == super.top"], visualFormats: ["V:|-[b]-[zz]"])
            == LayoutError(path: "templates.T.visualFormats[0]", message: "\"V:|-[b]-[zz]\": unknown view \"zz\" at column 10"))
    }

    @Test func unknownViewColumnsCountCharacters() {
        #expect(Self.compileError(["größe.top == 名前.bottom"], ids: ["größe"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"größe.top == 名前.bottom\": unknown view \"名前\" at column 14"))
        #expect(Self.compileError(["größe.top == 名前.bottom"], ids: ["名前"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"größe.top == 名前.bottom\": unknown view \"größe\" at column 1"))
        #expect(Self.compileError(["größe.top == 名前.bottom"], ids: ["名前", "gro\u{0308}ße"]) == nil)
    }

    @Test func longAndNonASCIIIdsAreFoundInConstraints() throws {
        let ids = ["a_very_long_view_identifier", "名前", "\u{212A}elvin"]
        let views = ids.map { ViewSpec(id: $0, kind: .view(width: .fixed(10), height: .fixed(7))) }
        let spec = TemplateSpec(name: "T", views: views, constraints: [
            "a_very_long_view_identifier.top == super.top + 1", "名前.top == a_very_long_view_identifier.bottom + 2",
            "Kelvin.top == 名前.bottom", "super.bottom == \u{212A}elvin.bottom + 3",
        ])
        let blueprint = try TemplateCompiler.blueprint(spec, fonts: [:])
        #expect(blueprint.constraints.map(\.first.view) == [0, 1, 2, -1])
        #expect(blueprint.constraints.map { $0.second?.view } == [-1, 0, 1, 2])
        let height = try CompiledTemplate(spec, fonts: [:]).layout(.object([:]), width: 375, textMeasurer: TextMeasurer()).contentHeight
        #expect(height == 1 + 7 + 2 + 7 + 7 + 3)
    }
}
