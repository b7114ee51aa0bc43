import Testing
import CellsFormat
import ListSources

/// `KeyedCacheSlot`: which rows share one keyed measurement.
@Suite struct KeyedCacheSlotTests {
    static let list = ListSettings(rowHeight: 40)
    static let measured = SectionSpec(template: "Feed", autoHeight: true)

    @Test func aKeyedMeasuredRowsSlotNamesItsKeyTemplateAndAccessoryWidth() {
        let row = RowSpec(key: "k", template: "Chat", accessory: .checkmark)
        let slot = KeyedCacheSlot.of(row, in: Self.measured, list: Self.list)
        #expect(slot?.key == row.cacheKey && slot?.template == "Chat" && slot?.accessoryWidth == 40)
        #expect(KeyedCacheSlot.of(RowSpec(key: "k"), in: Self.measured, list: Self.list)?.template == "Feed")
    }

    @Test func rowsWithoutAKeyOrWithAFixedHeightHaveNoSlot() {
        #expect(KeyedCacheSlot.of(RowSpec(), in: Self.measured, list: Self.list) == nil)
        #expect(KeyedCacheSlot.of(RowSpec(key: "k", height: 20), in: Self.measured, list: Self.list) == nil)
        #expect(KeyedCacheSlot.of(RowSpec(key: "k"), in: SectionSpec(height: 30), list: Self.list) == nil)
        #expect(KeyedCacheSlot.of(RowSpec(key: "k", autoHeight: true), in: SectionSpec(), list: Self.list) == nil)
    }

    @Test func theSameKeyUnderAnotherTemplateOrAccessoryIsAnotherSlot() {
        let plain = KeyedCacheSlot.of(RowSpec(key: "k"), in: Self.measured, list: Self.list)
        #expect(plain == KeyedCacheSlot.of(RowSpec(key: "k"), in: Self.measured, list: Self.list))
        #expect(plain != KeyedCacheSlot.of(RowSpec(key: "k", template: "Chat"), in: Self.measured, list: Self.list))
        #expect(plain != KeyedCacheSlot.of(RowSpec(key: "k", accessory: .disclosure), in: Self.measured, list: Self.list))
    }
}
