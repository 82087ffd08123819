public import Foundation

/// A result of a Vision request: something found in an image, with how sure the request is.
///
/// Apple's protocol also has `timeRange` (video, from Core Media) and
/// `originatingRequestDescriptor`; Linux has neither, so they are left out.
public protocol VisionObservation: CustomStringConvertible, Codable, Hashable, Sendable {
    /// A value that identifies this observation.
    var uuid: UUID { get }
    /// How sure the request is of this observation, from 0 to 1.
    var confidence: Float { get }
}
