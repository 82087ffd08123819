package import ConstrainedDecoding

/// Creates a fresh constraint on the engine's thread when the generation starts (the constraints
/// themselves, and their protocol ``ConstrainedDecoding/TokenConstraint``, live beside the
/// decoder, where they are tested without a model).
package typealias TokenConstraintFactory = @Sendable () throws -> any TokenConstraint

extension Vocabulary: ConstraintTokenizer {
    package func tokens(of text: String) -> [Int32]? {
        try? tokenize(text, addSpecial: false, parseSpecial: false)
    }

    package func bytes(of token: Int32) -> [UInt8] {
        piece(for: token)
    }
}
