/// A primary face and the fallback faces used, in order, for characters it lacks.
public struct FontStack: Sendable, Hashable {
    /// The most faces a stack uses; further fallbacks are ignored.
    public static let maximumFaces = 64

    /// Everything about the stack, in one object: copying a stack (every TextStyle copy does)
    /// retains one reference.
    let kernelTable: KernelFontTable

    /// A stack that shapes with `primary` and falls back to `fallbacks` in order.
    public init(primary: FontFace, fallbacks: [FontFace] = []) {
        kernelTable = KernelFontTable(Array(([primary] + fallbacks).prefix(Self.maximumFaces)))
    }

    /// The primary face followed by the fallbacks (at most `maximumFaces`).
    public var faces: [FontFace] { kernelTable.faces }
    /// The primary face.
    public var primary: FontFace { kernelTable.faces[0] }
    /// The fallback faces, in order.
    public var fallbacks: ArraySlice<FontFace> { kernelTable.faces.dropFirst() }

    /// The same stack with every face shaped with `features` (`FontFace.withFeatures`).
    public func withFeatures(_ features: [String]) throws(FontError) -> FontStack {
        var faces: [FontFace] = []
        for face in kernelTable.faces { faces.append(try face.withFeatures(features)) }
        return FontStack(primary: faces[0], fallbacks: Array(faces.dropFirst()))
    }

    /// The same stack with each face that follows the optical size at `size` points
    /// (`FontFace.withOpticalSize`); this very stack when none does.
    public func withOpticalSize(_ size: Double) -> FontStack {
        let faces = kernelTable.faces.map { $0.withOpticalSize(size) }
        if zip(faces, kernelTable.faces).allSatisfy({ $0 === $1 }) { return self }
        return FontStack(primary: faces[0], fallbacks: Array(faces.dropFirst()))
    }

    /// Stacks are equal when they hold the same face objects in the same order.
    public static func == (lhs: FontStack, rhs: FontStack) -> Bool {
        if lhs.kernelTable === rhs.kernelTable { return true }
        let l = lhs.kernelTable, r = rhs.kernelTable
        guard l.identityHash == r.identityHash, l.faces.count == r.faces.count else { return false }
        for i in l.faces.indices where l.faces[i] !== r.faces[i] { return false }
        return true
    }

    /// Hashes the faces' identities.
    public func hash(into hasher: inout Hasher) { hasher.combine(kernelTable.identityHash) }
}
