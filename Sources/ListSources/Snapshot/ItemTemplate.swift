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
        let member = ItemMember<Item>(name: "\(id):text") { .string($0[keyPath: text]) }
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
        let member = ItemMember<Item>(name: "\(id):text") { $0[keyPath: text].map(JSONValue.string) ?? .null }
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

/// One value a typed template reads from an item: the row member it is written to and how it is read.
struct ItemMember<Item>: Sendable {
    let name: String
    let read: @Sendable (Item) -> JSONValue
}

/// A size read from an item's property (`\Post.photo?.height`) or fixed (`40`).
public struct ItemSize<Item>: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    let fixed: Double?
    let read: (@Sendable (Item) -> Double?)?

    /// A fixed number of points.
    public init(integerLiteral value: Int) { fixed = Double(value); read = nil }
    /// A fixed number of points.
    public init(floatLiteral value: Double) { fixed = value; read = nil }
    /// The item's number at `keyPath`, in points.
    public init(_ keyPath: KeyPath<Item, Double> & Sendable) { fixed = nil; read = { $0[keyPath: keyPath] } }
    /// The item's optional number at `keyPath` (nil counts as 0).
    public init(_ keyPath: KeyPath<Item, Double?> & Sendable) { fixed = nil; read = { $0[keyPath: keyPath] } }

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
    let read: (@Sendable (Item) -> Bool)?

    /// Always hidden (`true`) or always shown (`false`).
    public init(booleanLiteral value: Bool) { always = value; read = nil }
    /// Hidden when the item's `keyPath` is true.
    public init(_ keyPath: KeyPath<Item, Bool> & Sendable) { always = nil; read = { $0[keyPath: keyPath] } }

    /// Hidden when the item's `keyPath` is true (`hidden: .when(\.isRead)`).
    public static func when(_ keyPath: KeyPath<Item, Bool> & Sendable) -> ItemVisibility { ItemVisibility(keyPath) }
    /// Hidden when the item's `keyPath` is false (`hidden: .unless(\.unread)`).
    public static func unless(_ keyPath: KeyPath<Item, Bool> & Sendable) -> ItemVisibility {
        ItemVisibility(always: nil, read: { !$0[keyPath: keyPath] })
    }

    private init(always: Bool?, read: (@Sendable (Item) -> Bool)?) {
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
        for member in members { object[member.name] = member.read(item) }
        return .object(object)
    }

    /// What the template's layout of `item` leaves open (see `Template.ambiguity(for:fonts:width:)`).
    public func ambiguity(for item: Item, fonts: Fonts, width: Double) throws -> LayoutAmbiguity {
        try template.ambiguity(for: row(for: item), fonts: fonts, width: width)
    }
}
