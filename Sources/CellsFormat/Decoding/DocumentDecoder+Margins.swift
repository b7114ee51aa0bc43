// Layout margins, a section index and images by asset name: what a storyboard says that the
// rest of the format reads elsewhere (SPEC sections 1 and 2).

extension DocumentDecoder {
    /// `key` of `fields` as `[top, leading, bottom, trailing]` points, each within the range of a
    /// constraint's constant; nil when absent.
    func decodeMargins(_ fields: _JSONFields, _ key: String) throws(DocumentError) -> LayoutMargins? {
        guard fields.members[key] != nil else { return nil }
        let insets = try numbers(fields, key, count: 4, LayoutLimits.isConstant,
                                 "expected [top, leading, bottom, trailing], each \(LayoutLimits.constantRangeText)")
        return LayoutMargins(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3])
    }

    /// `key` of `fields` as an array of exactly `count` numbers each `valid` admits, or the error
    /// `message` at its path.
    private func numbers(_ fields: _JSONFields, _ key: String, count: Int, _ valid: (Double) -> Bool,
                         _ message: String) throws(DocumentError) -> [Double] {
        let items = try fields.array(key) ?? []
        let numbers = items.compactMap { item -> Double? in
            if case .number(let n) = item, valid(n) { return n }
            return nil
        }
        guard items.count == count, numbers.count == count else {
            throw DocumentError(path: fields.pathOf(key), message: message)
        }
        return numbers
    }

    /// The document's `assets`: `{ "NAME": [width, height] }` in points, or the path of an asset
    /// catalog (read when the document is measured, as fonts are).
    func decodeAssets(_ value: JSONValue, path: String) throws(DocumentError) -> AssetsSpec {
        if case .string(let catalog) = value {
            guard !catalog.isEmpty else {
                throw DocumentError(path: path, message: "expected the path of an asset catalog, found an empty string")
            }
            return .catalog(catalog)
        }
        guard case .object = value else {
            throw DocumentError(path: path, message:
                "expected { \"NAME\": [width, height] } or the path of an asset catalog (.xcassets), found \(value.kindName)")
        }
        let fields = try _JSONFields(value, path: path, what: "asset sizes by name")
        var sizes: [String: ImageSize] = [:]
        for name in fields.members.keys.sorted() {
            let pair = try numbers(fields, name, count: 2, LayoutLimits.isSize,
                                   "expected [width, height], each \(LayoutLimits.sizeRangeText)")
            sizes[name] = ImageSize(width: pair[0], height: pair[1])
        }
        return .sizes(sizes)
    }

    /// An image given by `asset` (nil when the image gives none): a non-empty name, and neither
    /// `width` nor `height` beside it.
    func decodeImageAsset(_ fields: _JSONFields) throws(DocumentError) -> ViewKindSpec? {
        guard fields.members["asset"] != nil else { return nil }
        guard let name = try fields.string("asset"), !name.isEmpty else {
            throw DocumentError(path: fields.pathOf("asset"), message: "expected an asset name, found an empty string")
        }
        for key in ["width", "height"] where fields.members[key] != nil {
            throw DocumentError(path: fields.pathOf(key),
                                message: "an image gives either \"asset\" or \"width\" and \"height\", not both")
        }
        return .imageAsset(name)
    }
}
