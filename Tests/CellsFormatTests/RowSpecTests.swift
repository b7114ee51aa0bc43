import Testing
import CellsFormat

/// `RowSpec` is a value: its fields live in a box that copies share until one of them changes.
@Suite struct RowSpecTests {
    static let row = RowSpec(data: ["name": "Ada", "tags": ["a", "b"]], key: "ada", template: "Feed",
                             height: 44, autoHeight: true, accessory: .checkmark)

    @Test func changingEachFieldOfACopyLeavesTheOriginal() {
        let original = Self.row
        var copy = original
        copy.data = ["name": "Grace"]
        copy.key = "grace"
        copy.keyIsNumber = true
        copy.template = nil
        copy.height = nil
        copy.autoHeight = false
        copy.accessory = .none
        #expect(original.data == ["name": "Ada", "tags": ["a", "b"]])
        #expect(original.key == "ada" && !original.keyIsNumber && original.template == "Feed")
        #expect(original.height == 44 && original.autoHeight == true && original.accessory == .checkmark)
        #expect(copy.data == ["name": "Grace"])
        #expect(copy.key == "grace" && copy.keyIsNumber && copy.template == nil)
        #expect(copy.height == nil && copy.autoHeight == false && copy.accessory == Accessory.none)
    }

    @Test func changingTheDataInPlaceLeavesACopyMadeBefore() {
        var row = Self.row
        let before = row
        if case .object(var members) = row.data {
            members["name"] = "Grace"
            row.data = .object(members)
        }
        row.key? += "!"
        #expect(before.data == ["name": "Ada", "tags": ["a", "b"]])
        #expect(before.key == "ada")
        #expect(row.data == ["name": "Grace", "tags": ["a", "b"]])
        #expect(row.key == "ada!")
    }

    @Test func aCopyChangedOnAnotherThreadLeavesTheOriginal() async {
        let original = Self.row
        let changed = await Task.detached { () -> RowSpec in
            var copy = original
            copy.height = 60
            copy.key = "other"
            return copy
        }.value
        #expect(original.height == 44 && original.key == "ada")
        #expect(changed.height == 60 && changed.key == "other" && changed.template == "Feed")
    }

    @Test func cacheKeyFollowsTheKeyAndItsKind() {
        var row = RowSpec(key: "1")
        #expect(row.cacheKey == "1")
        row.keyIsNumber = true
        #expect(row.cacheKey == "\u{0}#1")
        #expect(RowSpec().cacheKey == nil)
    }
}
