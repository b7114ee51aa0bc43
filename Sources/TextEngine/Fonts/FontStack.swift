/// A primary face and the fallback faces used, in order, for characters it lacks.
public struct FontStack: Sendable, Hashable {
    /// The most faces a stack uses; further fallbacks are ignored.
    public static let maximumFaces = 64

    /// The primary face followed by the fallbacks (at most `maximumFaces`).
    public let faces: [FontFace]
    /// A hash of the faces' identities, precomputed for == and hashing.
    let identityHash: UInt64
    /// The faces as the C kernels take them.
    let kernel: KernelFonts

    /// A stack that shapes with `primary` and falls back to `fallbacks` in order.
    public init(primary: FontFace, fallbacks: [FontFace] = []) {
        faces = Array(([primary] + fallbacks).prefix(Self.maximumFaces))
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for face in faces {
            hash = (hash ^ UInt64(UInt(bitPattern: ObjectIdentifier(face).hashValue))) &* 0x100_0000_01B3
        }
        identityHash = hash
        kernel = KernelFonts(faces)
    }

    /// The primary face.
    public var primary: FontFace { faces[0] }
    /// The fallback faces, in order.
    public var fallbacks: ArraySlice<FontFace> { faces.dropFirst() }

    /// Stacks are equal when they hold the same face objects in the same order.
    public static func == (lhs: FontStack, rhs: FontStack) -> Bool {
        guard lhs.identityHash == rhs.identityHash, lhs.faces.count == rhs.faces.count else { return false }
        for i in lhs.faces.indices where lhs.faces[i] !== rhs.faces[i] { return false }
        return true
    }

    /// Hashes the faces' identities.
    public func hash(into hasher: inout Hasher) { hasher.combine(identityHash) }
}
