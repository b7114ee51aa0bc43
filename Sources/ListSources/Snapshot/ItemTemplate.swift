import DynamicType
import CellsFormat
import CellLayout

/// A view of a template for items of type `Item`, whose text, sizes and visibility are read
/// from the item's properties through key paths the compiler checks (`\Post.body`), not from
/// `${path}` strings. Its anchors are a `ViewSpec`'s (`body.leading == content.leading + 16`).
public struct ItemView<Item>: LayoutItem, Sendable {
    /// The view as cells.json describes it; its bound values are members of the row the
    /// template builds from each item (`ItemTemplate.row(for:)`).
    public let spec: ViewSpec
    let members: [ItemMember<Item>]

    /// The view's id.
    public var layoutItemName: String { spec.id }

    /// A static view (no value read from the item), as `ViewSpec` builds it.
    public init(_ spec: ViewSpec) {
        self.spec = spec
        members = []
    }

    private init(_ spec: ViewSpec, members: [ItemMember<Item>]) {
        self.spec = spec
        self.members = members
    }

    /// A label whose text is the item's `text` (UILabel's defaults: 17 points, one line).
    public static func label(_ id: String, text: KeyPath<Item, String> & Sendable, font: String = "default",
                             size: Double = 17, lines: Int = 1, lineBreak: LineBreakModeSpec = .word,
                             lineSpacing: Double = 0, lineHeightMultiple: Double = 1,
                             hidden: ItemVisibility<Item> = false, hugging: [Double] = [250, 250],
                             compression: [Double] = [750, 750]) -> ItemView {
        let read = PropertyRead(text)
        let member = ItemMember<Item>(name: "\(id):text", stringAt: read.offset) { .string(read($0)) }
        return label(id, member: member, font: font, size: size, lines: lines, lineBreak: lineBreak,
                     lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, hidden: hidden,
                     hugging: hugging, compression: compression)
    }

    /// A label whose text is the item's optional `text` (nil: empty, as a missing `${path}`).
    public static func label(_ id: String, text: KeyPath<Item, String?> & Sendable, font: String = "default",
                             size: Double = 17, lines: Int = 1, lineBreak: LineBreakModeSpec = .word,
                             lineSpacing: Double = 0, lineHeightMultiple: Double = 1,
                             hidden: ItemVisibility<Item> = false, hugging: [Double] = [250, 250],
                             compression: [Double] = [750, 750]) -> ItemView {
        let read = PropertyRead(text)
        let member = ItemMember<Item>(name: "\(id):text") { read($0).map(JSONValue.string) ?? .null }
        return label(id, member: member, font: font, size: size, lines: lines, lineBreak: lineBreak,
                     lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, hidden: hidden,
                     hugging: hugging, compression: compression)
    }

    private static func label(_ id: String, member: ItemMember<Item>, font: String, size: Double, lines: Int,
                              lineBreak: LineBreakModeSpec, lineSpacing: Double, lineHeightMultiple: Double,
                              hidden: ItemVisibility<Item>, hugging: [Double], compression: [Double]) -> ItemView {
        let (hiddenSpec, hiddenMembers) = hidden.bound(to: id)
        let spec = ViewSpec.label(id, text: "${\(member.name)}", font: font, size: size, lines: lines,
                                  lineBreak: lineBreak, lineSpacing: lineSpacing,
                                  lineHeightMultiple: lineHeightMultiple, hidden: hiddenSpec, hugging: hugging,
                                  compression: compression)
        return ItemView(spec, members: [member] + hiddenMembers)
    }

    /// A label whose text is the item's runs (an attributed text: each `TextRunSpec`'s members
    /// left nil take the label's), as a cells.json label `"${path}"` reads a row's array of run
    /// objects; no runs (or only empty ones) measure as an empty label.
    public static func label(_ id: String, runs: KeyPath<Item, [TextRunSpec]> & Sendable, font: String = "default",
                             size: Double = 17, lines: Int = 1, lineBreak: LineBreakModeSpec = .word,
                             lineSpacing: Double = 0, lineHeightMultiple: Double = 1,
                             hidden: ItemVisibility<Item> = false, hugging: [Double] = [250, 250],
                             compression: [Double] = [750, 750]) -> ItemView {
        let read = PropertyRead(runs)
        let member = ItemMember<Item>(name: "\(id):text") { TextRunSpec.rowValue(read($0)) }
        return label(id, member: member, font: font, size: size, lines: lines, lineBreak: lineBreak,
                     lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, hidden: hidden,
                     hugging: hugging, compression: compression)
    }

    /// A label whose text is `runs`, listed one per line: `ItemRun(\.name, font: "bold")` (a
    /// run whose text is the item's property), `" replied to "` or a `TextRunSpec` (fixed
    /// runs). As `ViewSpec.label(_:runs:)`: a run's members left nil take the label's, a run
    /// whose text is empty for an item adds nothing; `kern` and `paragraph` apply to the whole text.
    public static func label(_ id: String, font: String = "default", size: Double = 17, lines: Int = 1,
                             lineBreak: LineBreakModeSpec = .word, lineSpacing: Double = 0,
                             lineHeightMultiple: Double = 1, kern: Double = 0, paragraph: ParagraphSpec = ParagraphSpec(),
                             hidden: ItemVisibility<Item> = false, hugging: [Double] = [250, 250],
                             compression: [Double] = [750, 750],
                             @ItemRunBuilder<Item> runs: () -> [ItemRun<Item>]) -> ItemView {
        var specs: [TextRunSpec] = []
        var members: [ItemMember<Item>] = []
        for run in runs() {
            var spec = run.spec
            if let read = run.read {
                let name = "\(id):run\(members.count)"
                spec.text = "${\(name)}"
                members.append(ItemMember(name: name, stringAt: run.offset) { .string(read($0)) })
            }
            specs.append(spec)
        }
        let (hiddenSpec, hiddenMembers) = hidden.bound(to: id)
        let spec = ViewSpec.label(id, runs: specs, font: font, size: size, lines: lines, lineBreak: lineBreak,
                                  lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, kern: kern,
                                  paragraph: paragraph, hidden: hiddenSpec, hugging: hugging, compression: compression)
        return ItemView(spec, members: members + hiddenMembers)
    }

    /// An image whose intrinsic size is read from the item (or fixed: `ItemSize` takes number
    /// literals); a nil size counts as 0, as a missing `${path}` does.
    public static func image(_ id: String, width: ItemSize<Item>, height: ItemSize<Item>,
                             hidden: ItemVisibility<Item> = false, hugging: [Double] = [250, 250],
                             compression: [Double] = [750, 750]) -> ItemView {
        let (w, widthMembers) = width.bound(to: "\(id):width")
        let (h, heightMembers) = height.bound(to: "\(id):height")
        let (hiddenSpec, hiddenMembers) = hidden.bound(to: id)
        return ItemView(.image(id, width: w, height: h, hidden: hiddenSpec, hugging: hugging, compression: compression),
                        members: widthMembers + heightMembers + hiddenMembers)
    }

    /// A plain view with an intrinsic width and height only where given.
    public static func view(_ id: String, width: ItemSize<Item>? = nil, height: ItemSize<Item>? = nil,
                            hidden: ItemVisibility<Item> = false, hugging: [Double] = [250, 250],
                            compression: [Double] = [750, 750]) -> ItemView {
        let w = width?.bound(to: "\(id):width")
        let h = height?.bound(to: "\(id):height")
        let (hiddenSpec, hiddenMembers) = hidden.bound(to: id)
        return ItemView(.view(id, width: w?.spec, height: h?.spec, hidden: hiddenSpec, hugging: hugging,
                              compression: compression),
                        members: (w?.members ?? []) + (h?.members ?? []) + hiddenMembers)
    }

    /// A stack (UIStackView) of `arranged` views of the same template, in order.
    public static func stack(_ id: String, axis: StackSpec.Axis, spacing: Double = 0,
                             alignment: StackSpec.Alignment = .fill, distribution: StackSpec.Distribution = .fill,
                             arranged: [ItemView<Item>], hidden: ItemVisibility<Item> = false) -> ItemView {
        let (hiddenSpec, hiddenMembers) = hidden.bound(to: id)
        return ItemView(.stack(id, axis: axis, spacing: spacing, alignment: alignment, distribution: distribution,
                               arranged: arranged.map(\.spec), hidden: hiddenSpec),
                        members: hiddenMembers)
    }
}

/// A run of a typed template's attributed label: its text the item's property (`ItemRun(\.name,
/// font: "bold")`) or fixed (`" replied to "`, a `TextRunSpec`), with a run's typography.
public struct ItemRun<Item>: Sendable {
    /// The run's typography (its text, for a run read from the item, is the item's).
    let spec: TextRunSpec
    let read: (@Sendable (UnsafeRawPointer) -> String)?
    /// The offset of `read`'s property when it is stored in the item (see `ItemMember.stringAt`).
    let offset: Int?

    /// A run whose text is the item's `text`; the other members as `TextRunSpec`'s (nil: the label's).
    public init(_ text: KeyPath<Item, String> & Sendable, font: String? = nil, size: Double? = nil,
                textStyle: FontTextStyle? = nil, relativeTo: FontTextStyle? = nil, kern: Double? = nil,
                baselineOffset: Double = 0, features: [String]? = nil) {
        spec = TextRunSpec("", font: font, size: size, textStyle: textStyle, relativeTo: relativeTo, kern: kern,
                           baselineOffset: baselineOffset, features: features)
        let property = PropertyRead(text)
        read = property.read
        offset = property.offset
    }

    /// A fixed run.
    public init(_ run: TextRunSpec) {
        spec = run
        read = nil
        offset = nil
    }
}

/// Builds the runs of `ItemView.label(_:runs:)` one per line: `ItemRun`s, `TextRunSpec`s,
/// plain strings (runs in the label's typography), `if`, `for` and arrays.
@resultBuilder
public enum ItemRunBuilder<Item> {
    /// A run.
    public static func buildExpression(_ run: ItemRun<Item>) -> [ItemRun<Item>] { [run] }
    /// A fixed run.
    public static func buildExpression(_ run: TextRunSpec) -> [ItemRun<Item>] { [ItemRun(run)] }
    /// A fixed run in the label's typography.
    public static func buildExpression(_ text: String) -> [ItemRun<Item>] { [ItemRun(TextRunSpec(text))] }
    /// Several runs.
    public static func buildExpression(_ runs: [ItemRun<Item>]) -> [ItemRun<Item>] { runs }
    /// The runs in order.
    public static func buildBlock(_ parts: [ItemRun<Item>]...) -> [ItemRun<Item>] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ parts: [ItemRun<Item>]?) -> [ItemRun<Item>] { parts ?? [] }
    /// The `if` branch.
    public static func buildEither(first parts: [ItemRun<Item>]) -> [ItemRun<Item>] { parts }
    /// The `else` branch.
    public static func buildEither(second parts: [ItemRun<Item>]) -> [ItemRun<Item>] { parts }
    /// A `for` loop.
    public static func buildArray(_ parts: [[ItemRun<Item>]]) -> [ItemRun<Item>] { parts.flatMap { $0 } }
}

/// One value a typed template reads from an item: the row member it is written to and how it is
/// read from a pointer to the item.
struct ItemMember<Item>: Sendable {
    let name: String
    /// The offset of the item's stored `String` property the member is (`.string` of it), nil
    /// for any other member: such a string is lent to the layout without a copy (`MemberRead`).
    let stringAt: Int?
    let read: @Sendable (UnsafeRawPointer) -> JSONValue

    init(name: String, stringAt: Int? = nil, read: @escaping @Sendable (UnsafeRawPointer) -> JSONValue) {
        self.name = name
        self.stringAt = stringAt
        self.read = read
    }
}

/// A property a typed template reads, through a pointer to the item: a stored property at a fixed
/// offset (`MemoryLayout.offset(of:)`) is loaded there, without projecting the key path, whose
/// generic machinery costs more per read than the rest of the row's values; any other key path
/// (computed, through an optional or a class) is projected.
struct PropertyRead<Item, Value>: Sendable {
    let read: @Sendable (UnsafeRawPointer) -> Value
    /// The property's offset in the item when it is stored there.
    let offset: Int?

    init(_ keyPath: KeyPath<Item, Value> & Sendable) {
        offset = MemoryLayout<Item>.offset(of: keyPath)
        if let offset {
            read = { $0.load(fromByteOffset: offset, as: Value.self) }
        } else {
            read = { $0.assumingMemoryBound(to: Item.self).pointee[keyPath: keyPath] }
        }
    }

    /// The property of the item at `item`.
    @inline(__always)
    func callAsFunction(_ item: UnsafeRawPointer) -> Value { read(item) }
}

/// A size read from an item's property (`\Post.photo?.height`) or fixed (`40`).
public struct ItemSize<Item>: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    let fixed: Double?
    let read: (@Sendable (UnsafeRawPointer) -> Double?)?

    /// A fixed number of points.
    public init(integerLiteral value: Int) { fixed = Double(value); read = nil }
    /// A fixed number of points.
    public init(floatLiteral value: Double) { fixed = value; read = nil }
    /// The item's number at `keyPath`, in points.
    public init(_ keyPath: KeyPath<Item, Double> & Sendable) {
        fixed = nil
        let property = PropertyRead(keyPath)
        read = { property($0) }
    }
    /// The item's optional number at `keyPath` (nil counts as 0).
    public init(_ keyPath: KeyPath<Item, Double?> & Sendable) {
        fixed = nil
        read = PropertyRead(keyPath).read
    }

    /// The item's number at `keyPath`, in points.
    public static func from(_ keyPath: KeyPath<Item, Double> & Sendable) -> ItemSize { ItemSize(keyPath) }
    /// The item's optional number at `keyPath` (nil counts as 0).
    public static func from(_ keyPath: KeyPath<Item, Double?> & Sendable) -> ItemSize { ItemSize(keyPath) }

    /// The dimension as cells.json reads it, and the row member it reads (none when fixed).
    func bound(to name: String) -> (spec: DimensionSpec, members: [ItemMember<Item>]) {
        guard let read else { return (.fixed(fixed ?? 0), []) }
        return (.path(name), [ItemMember(name: name) { read($0).map(JSONValue.number) ?? .null }])
    }
}

/// When a view of a typed template is hidden: always, never, or as the item's `Bool` says.
public struct ItemVisibility<Item>: Sendable, ExpressibleByBooleanLiteral {
    let always: Bool?
    let read: (@Sendable (UnsafeRawPointer) -> Bool)?

    /// Always hidden (`true`) or always shown (`false`).
    public init(booleanLiteral value: Bool) { always = value; read = nil }
    /// Hidden when the item's `keyPath` is true.
    public init(_ keyPath: KeyPath<Item, Bool> & Sendable) { always = nil; read = PropertyRead(keyPath).read }

    /// Hidden when the item's `keyPath` is true (`hidden: .when(\.isRead)`).
    public static func when(_ keyPath: KeyPath<Item, Bool> & Sendable) -> ItemVisibility { ItemVisibility(keyPath) }
    /// Hidden when the item's `keyPath` is false (`hidden: .unless(\.unread)`).
    public static func unless(_ keyPath: KeyPath<Item, Bool> & Sendable) -> ItemVisibility {
        let property = PropertyRead(keyPath)
        return ItemVisibility(always: nil, read: { !property($0) })
    }

    private init(always: Bool?, read: (@Sendable (UnsafeRawPointer) -> Bool)?) {
        self.always = always
        self.read = read
    }

    /// The rule as cells.json reads it for view `id`, and the row member it reads.
    func bound(to id: String) -> (spec: HiddenSpec, members: [ItemMember<Item>]) {
        guard let read else { return (.always(always ?? false), []) }
        let name = "\(id):hidden"
        return (.whenTrue(name), [ItemMember(name: name) { .bool(read($0)) }])
    }
}

/// A line of `ItemTemplate { content in ... }`: a view bound to the item type, or a constraint.
public enum ItemTemplatePart<Item>: Sendable {
    /// A view, in order.
    case view(ItemView<Item>)
    /// A constraint built from anchors.
    case constraint(LayoutConstraint)
}

/// Collects the lines of `ItemTemplate<Item> { content in ... }`: only views of `Item` (or
/// static `ViewSpec`s) and constraints; a view bound to another type does not compile.
@resultBuilder
public enum ItemTemplateBuilder<Item> {
    /// A view bound to `Item`.
    public static func buildExpression(_ view: ItemView<Item>) -> [ItemTemplatePart<Item>] { [.view(view)] }
    /// A static view.
    public static func buildExpression(_ view: ViewSpec) -> [ItemTemplatePart<Item>] { [.view(ItemView(view))] }
    /// A constraint.
    public static func buildExpression(_ constraint: LayoutConstraint) -> [ItemTemplatePart<Item>] { [.constraint(constraint)] }
    /// Several constraints.
    public static func buildExpression(_ constraints: [LayoutConstraint]) -> [ItemTemplatePart<Item>] {
        constraints.map { .constraint($0) }
    }
    /// The lines in order.
    public static func buildBlock(_ parts: [ItemTemplatePart<Item>]...) -> [ItemTemplatePart<Item>] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ parts: [ItemTemplatePart<Item>]?) -> [ItemTemplatePart<Item>] { parts ?? [] }
    /// The `if` branch.
    public static func buildEither(first parts: [ItemTemplatePart<Item>]) -> [ItemTemplatePart<Item>] { parts }
    /// The `else` branch.
    public static func buildEither(second parts: [ItemTemplatePart<Item>]) -> [ItemTemplatePart<Item>] { parts }
    /// A `for` loop.
    public static func buildArray(_ parts: [[ItemTemplatePart<Item>]]) -> [ItemTemplatePart<Item>] { parts.flatMap { $0 } }
}

/// A template for items of type `Item`, its views bound to the item's properties by key path:
/// measuring an item reads those properties and nothing else (no encoding), and the template
/// only measures `Item`s (a `ItemTemplate<Post>` is refused by the compiler where a
/// `ItemTemplate<Comment>` is asked for).
public struct ItemTemplate<Item>: Sendable {
    /// The template as cells.json would describe it; its `${...}` placeholders name the members
    /// `row(for:)` fills.
    public let template: Template
    let members: [ItemMember<Item>]

    /// The template named `name` with the views listed in `body` (in order) and its constraints,
    /// written as in `Template { content in ... }`.
    public init(_ name: String = "Template", @ItemTemplateBuilder<Item> _ body: (ContentView) -> [ItemTemplatePart<Item>]) {
        var views: [ViewSpec] = []
        var constraints: [String] = []
        var members: [ItemMember<Item>] = []
        for part in body(ContentView()) {
            switch part {
            case .view(let view):
                views.append(view.spec)
                members += view.members
            case .constraint(let constraint):
                constraints.append(constraint.text)
            }
        }
        template = Template(name: name, views: views, constraints: constraints)
        self.members = members
    }

    /// The template's name.
    public var name: String { template.name }

    /// The row the template lays out for `item`: one member per bound value, read from the item.
    public func row(for item: Item) -> JSONValue {
        var object = JSONObject(minimumCapacity: members.count)
        withUnsafePointer(to: item) { item in
            for member in members { object[member.name] = member.read(UnsafeRawPointer(item)) }
        }
        return .object(object)
    }

    /// The template's members in the order `names` (a compiled template's `memberNames`) gives,
    /// then the others: how `ItemCells` hands an item's values to the measurer, which knows the
    /// template as `index`.
    @usableFromInline
    func bound(to names: [String], index: Int) -> BoundItemTemplate<Item> {
        var order = names
        for member in members where !names.contains(member.name) { order.append(member.name) }
        let reads = order.map { name -> MemberRead<Item> in
            guard let member = members.first(where: { $0.name == name }) else { return .missing }
            return member.stringAt.map(MemberRead.string) ?? .value(member.read)
        }
        return BoundItemTemplate(index: index, names: order, reads: reads)
    }

    /// What the template's layout of `item` leaves open (see `Template.ambiguity(for:fonts:width:)`).
    public func ambiguity(for item: Item, fonts: Fonts, width: Double) throws -> LayoutAmbiguity {
        try template.ambiguity(for: row(for: item), fonts: fonts, width: width)
    }
}

/// How a bound template reads one member of an item.
@usableFromInline
enum MemberRead<Item>: Sendable {
    /// The item's stored `String` at this byte offset, as `.string`: lent to the layout, not
    /// copied (a copy retains the string's storage, and its end releases it, on every row).
    case string(Int)
    /// Read by the member's closure.
    case value(@Sendable (UnsafeRawPointer) -> JSONValue)
    /// The template has no such member, so the row has none.
    case missing
}

/// A typed template's members in the order its compiled template reads them: an item's values
/// are read into a buffer on the stack in that order and measured without a row object. An
/// object whose reads sit in memory of its own, so that a row reads them without a retain.
@usableFromInline
final class BoundItemTemplate<Item>: @unchecked Sendable {
    /// The template's index among those the source resolved.
    @usableFromInline let index: Int
    /// The member names, the compiled template's first.
    @usableFromInline let names: [String]
    /// Per name, how it is read from a pointer to the item (never written after `init`).
    @usableFromInline let reads: UnsafeMutableBufferPointer<MemberRead<Item>>

    init(index: Int, names: [String], reads: [MemberRead<Item>]) {
        self.index = index
        self.names = names
        self.reads = .allocate(capacity: reads.count)
        _ = self.reads.initialize(from: reads)
    }

    deinit {
        reads.deinitialize()
        reads.deallocate()
    }

    /// `body` with the template's index, `names` and `item`'s values (one per name). The
    /// item's stored strings are lent to the values: each is a bitwise copy that is never
    /// released (so never retained), valid while `item` is, which outlives `body`.
    @inlinable
    func withValues<Result>(of item: Item,
                            _ body: (_ template: Int, _ names: [String], _ values: UnsafeBufferPointer<JSONValue?>) throws -> Result) rethrows -> Result {
        let reads = UnsafeBufferPointer(self.reads)
        return try withUnsafePointer(to: item) { item in
            try withUnsafeTemporaryAllocation(of: JSONValue?.self, capacity: reads.count) { values in
                let raw = UnsafeRawPointer(item)
                // Owned copies of the strings are moved out of `lent` without a retain.
                try withUnsafeTemporaryAllocation(of: String.self, capacity: 1) { lent in
                    let slot = lent.baseAddress!
                    for i in reads.indices {
                        switch reads[i] {
                        case .string(let offset):
                            UnsafeMutableRawPointer(slot).copyMemory(from: raw + offset, byteCount: MemoryLayout<String>.size)
                            values.initializeElement(at: i, to: .string(slot.move()))
                        case .value(let read):
                            values.initializeElement(at: i, to: read(raw))
                        case .missing:
                            values.initializeElement(at: i, to: nil)
                        }
                    }
                }
                defer {
                    // The lent strings are left as they are: they were never retained.
                    for i in reads.indices {
                        if case .string = reads[i] { continue }
                        (values.baseAddress! + i).deinitialize(count: 1)
                    }
                }
                return try body(index, names, UnsafeBufferPointer(values))
            }
        }
    }

    /// The height of `item`'s row by this template, measured by `rows` at `width` and
    /// `contentSize`; a layout error names the item's identifier `id`. (Inlined into each cells'
    /// closure, as the body it replaces there was: a typed miss's path.)
    @inlinable @inline(__always)
    func height(of item: Item, id: some Hashable, rows: TypedRows, width: Double,
                contentSize: ContentSizeCategory) throws -> Double {
        do {
            return try withValues(of: item) { index, names, values in
                try rows.measureRow(template: index, names: names, values: values, width: width, contentSize: contentSize)
            }
        } catch let error as LayoutError {
            throw ItemCellsError.layout(id, error)
        }
    }
}
