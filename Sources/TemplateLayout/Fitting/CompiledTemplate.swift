import Synchronization
import TextEngine

/// A template compiled once and reused for every row: its blueprint (views, label styles,
/// parsed constraints) and, per stack-visibility variant, a solver program built on first use.
/// Immutable apart from the variant cache; safe to share between threads.
public final class CompiledTemplate: Sendable {
    let blueprint: TemplateBlueprint
    private let variants: Mutex<[UInt64: SolverProgram]>

    /// Compiles `spec` with loaded font stacks by name (as a document's `fonts` names them);
    /// checks its views, stacks and constraints and builds the variant with every arranged view
    /// visible, so conflicts surface here.
    public init(_ spec: TemplateSpec, fonts: [String: FontStack]) throws(LayoutError) {
        let blueprint = try TemplateCompiler.blueprint(spec, fonts: fonts)
        let all = try SolverProgram(try ConstraintSystem(blueprint, mask: 0), blueprint: blueprint)
        self.blueprint = blueprint
        variants = Mutex([0: all])
    }

    /// The template's name.
    public var name: String { blueprint.name }

    /// Lays `data` out at content width `width` (accessory already taken off) as
    /// `systemLayoutSizeFitting` would and returns the content view's height, unrounded and
    /// without separator, and every view's frame when `frames` is set. Thread-safe.
    public func layout(_ data: JSONValue, width: Double, scale: Double = 2, textMeasurer: TextMeasurer,
                       frames: Bool = false) throws(LayoutError) -> (contentHeight: Double, frames: [Frame]) {
        let fitted = try fit(data, width: width.isFinite ? max(0, width) : 0, measurer: textMeasurer,
                             scale: scale > 0 && scale.isFinite ? scale : 1, frames: frames)
        return (fitted.contentHeight, fitted.frames)
    }

    /// The solver program of the variant with the arranged views in `mask` collapsed.
    func program(for mask: UInt64) throws(LayoutError) -> SolverProgram {
        if let program = variants.withLock({ $0[mask] }) { return program }
        // Built outside the lock; if two threads race, the first stored wins and both are valid.
        let program = try SolverProgram(try ConstraintSystem(blueprint, mask: mask), blueprint: blueprint)
        return variants.withLock { cache in
            if let existing = cache[mask] { return existing }
            cache[mask] = program
            return program
        }
    }
}
