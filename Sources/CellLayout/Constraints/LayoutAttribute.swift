/// An Auto Layout attribute a constraint can name (SPEC section 2); leading/trailing are
/// left/right, as in a left-to-right layout.
public enum LayoutAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline

    /// Which family the attribute belongs to: UIKit only relates locations on the same axis.
    enum Kind { case horizontalPosition, verticalPosition, size }

    /// The attribute's name as static UTF-8, for matching without making a string.
    @inline(__always)
    var utf8Name: StaticString {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .firstBaseline: "firstBaseline"
        case .lastBaseline: "lastBaseline"
        }
    }

    /// The attribute named by the UTF-8 bytes `name`, or nil; compares bytes, so reading a
    /// constraint makes no string for its attributes. (Only `K`, `;` and a backtick have other
    /// canonically equal spellings, and no name holds them, so this agrees with `init(rawValue:)`.)
    init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        guard let packed = PackedName(name) else { return nil }
        self.init(packed: packed)
    }

    /// The attribute whose name packs to `name`, or nil: one switch on the name's first eight
    /// bytes (every name differs there), then its length and last bytes.
    @inline(__always)
    init?(packed name: PackedName) {
        let candidate: LayoutAttribute
        var high: UInt64 = 0
        // Each name's first eight bytes, zero-filled, as `PackedName.low` holds them.
        switch name.low {
        case 0x0000_0000_7466_656C: candidate = .left
        case 0x0000_0074_6867_6972: candidate = .right
        case 0x0000_0000_0070_6F74: candidate = .top
        case 0x0000_6D6F_7474_6F62: candidate = .bottom
        case 0x0067_6E69_6461_656C: candidate = .leading
        case 0x676E_696C_6961_7274: candidate = .trailing
        case 0x0000_0068_7464_6977: candidate = .width
        case 0x0000_7468_6769_6568: candidate = .height
        case 0x0058_7265_746E_6563: candidate = .centerX
        case 0x0059_7265_746E_6563: candidate = .centerY
        case 0x7361_4274_7372_6966: candidate = .firstBaseline; high = 0x0000_0065_6E69_6C65
        case 0x6573_6142_7473_616C: candidate = .lastBaseline; high = 0x0000_0000_656E_696C
        default: return nil
        }
        guard name.high == high, name.count == candidate.utf8Name.utf8CodeUnitCount else { return nil }
        self = candidate
    }

    /// The attribute's family, for checking that a constraint relates like with like.
    var kind: Kind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: return .horizontalPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return .verticalPosition
        case .width, .height: return .size
        }
    }
}

/// How the two sides of a constraint compare.
public enum LayoutRelation: String, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}
