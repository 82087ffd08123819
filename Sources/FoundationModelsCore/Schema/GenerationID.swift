import Foundation

/// A unique identity for one generated value, stable across the snapshots of a streamed response.
///
/// A `@Generable` type may declare a stored `id: GenerationID`; the macro fills it from the content's
/// ``GeneratedContent/id`` so that partial and complete values of one response share an identity.
public struct GenerationID: Sendable, Hashable {
    /// The underlying unique value.
    let uuid: UUID

    /// Creates a new, unique generation identity.
    public init() {
        self.uuid = UUID()
    }

    /// Creates an identity from a known unique value (used when restoring content).
    init(uuid: UUID) {
        self.uuid = uuid
    }
}
