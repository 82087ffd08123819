/// One frame of a parse stack: a rule, its local state, a counter, and the frame below.
///
/// Frames live in an append-only arena and point to their parent by index, so stacks share their
/// lower frames (a persistent stack): forking at an ambiguity or rolling back costs no copying.
/// The counter holds completed characters for string rules and items for array rules.
struct Frame: Hashable, Sendable {
    var rule: Int32
    var state: Int32
    var counter: Int32
    /// Index of the frame below in the arena; ``Frame/bottom`` at the end of the grammar and
    /// ``Frame/boundary`` for the context cut of a cached mask computation.
    var parent: Int32

    static let bottom: Int32 = -1
    static let boundary: Int32 = -2
}
