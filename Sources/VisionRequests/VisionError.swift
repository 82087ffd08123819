public import Foundation

/// The errors Vision requests throw, with Apple's case names; each case carries a sentence that
/// names the input and the reason.
///
/// On Linux the requests throw ``invalidImage(_:)`` for bytes that are no image they can read (empty,
/// truncated, an unknown format, or larger than ``ImageLimits/maximumPixelCount``), ``ioError(_:)``
/// for a file that cannot be read, ``unsupportedRequest(_:)`` for a request that names only
/// languages or symbologies this system cannot read, ``invalidArgument(_:)`` for a setting out of
/// range, ``requestCancelled(_:)`` when the calling task is cancelled, and
/// ``operationFailed(_:)`` when Tesseract or ZBar fails. The other cases mirror Apple's and are not
/// thrown here. Apple's `pixelBufferCreationFailed(_:)` is left out: Linux has no `CVReturn`.
public enum VisionError: Error, Sendable, Hashable {
    /// Data the request needs is missing.
    case dataUnavailable(String)
    /// An unexpected failure inside the framework.
    case internalError(String)
    /// A request setting is out of range or inconsistent.
    case invalidArgument(String)
    /// Data is in a format the request cannot use.
    case invalidFormat(String)
    /// The input is not an image this system can decode, or is too large to decode safely.
    case invalidImage(String)
    /// A model file is invalid.
    case invalidModel(String)
    /// The operation is not valid in the current state.
    case invalidOperation(String)
    /// Reading the input failed.
    case ioError(String)
    /// The recognizer or scanner failed.
    case operationFailed(String)
    /// A coordinate or index lies outside its valid range.
    case outOfBoundsError(String)
    /// Memory ran out.
    case outOfMemory(String)
    /// The request was cancelled before it finished.
    case requestCancelled(String)
    /// The request ran past its time limit.
    case timeout(String)
    /// A timestamp was not found.
    case timeStampNotFound(String)
    /// The compute device is not supported.
    case unsupportedComputeDevice(String)
    /// The compute stage is not supported.
    case unsupportedComputeStage(String)
    /// The request asks for something this system cannot do (a language or symbology it lacks).
    case unsupportedRequest(String)
    /// The request revision is not supported.
    case unsupportedRevision(String)

    /// The case name and the sentence it carries.
    var parts: (name: String, message: String) {
        switch self {
        case .dataUnavailable(let message): ("dataUnavailable", message)
        case .internalError(let message): ("internalError", message)
        case .invalidArgument(let message): ("invalidArgument", message)
        case .invalidFormat(let message): ("invalidFormat", message)
        case .invalidImage(let message): ("invalidImage", message)
        case .invalidModel(let message): ("invalidModel", message)
        case .invalidOperation(let message): ("invalidOperation", message)
        case .ioError(let message): ("ioError", message)
        case .operationFailed(let message): ("operationFailed", message)
        case .outOfBoundsError(let message): ("outOfBoundsError", message)
        case .outOfMemory(let message): ("outOfMemory", message)
        case .requestCancelled(let message): ("requestCancelled", message)
        case .timeout(let message): ("timeout", message)
        case .timeStampNotFound(let message): ("timeStampNotFound", message)
        case .unsupportedComputeDevice(let message): ("unsupportedComputeDevice", message)
        case .unsupportedComputeStage(let message): ("unsupportedComputeStage", message)
        case .unsupportedRequest(let message): ("unsupportedRequest", message)
        case .unsupportedRevision(let message): ("unsupportedRevision", message)
        }
    }
}

extension VisionError: LocalizedError {
    /// The sentence that explains the failure, naming the input and the reason.
    public var errorDescription: String? { parts.message }
}

extension VisionError: CustomStringConvertible {
    /// The case name and its sentence, for logs.
    public var description: String {
        "VisionError.\(parts.name): \(parts.message)"
    }
}
