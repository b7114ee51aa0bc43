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
        guard let c = name.first else { return nil }
        // The length and first byte leave at most two candidates; the full name decides.
        let candidate: LayoutAttribute
        switch (name.count, c) {
        case (3, UInt8(ascii: "t")): candidate = .top
        case (4, UInt8(ascii: "l")): candidate = .left
        case (5, UInt8(ascii: "r")): candidate = .right
        case (5, UInt8(ascii: "w")): candidate = .width
        case (6, UInt8(ascii: "b")): candidate = .bottom
        case (6, UInt8(ascii: "h")): candidate = .height
        case (7, UInt8(ascii: "l")): candidate = .leading
        case (7, UInt8(ascii: "c")): candidate = name[6] == UInt8(ascii: "X") ? .centerX : .centerY
        case (8, UInt8(ascii: "t")): candidate = .trailing
        case (12, UInt8(ascii: "l")): candidate = .lastBaseline
        case (13, UInt8(ascii: "f")): candidate = .firstBaseline
        default: return nil
        }
        // Every name is a literal of several characters, so it is held as a pointer.
        let expected = candidate.utf8Name.utf8Start
        for k in 1..<name.count where expected[k] != name[k] { return nil }
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
