/// A result that occupies a rectangle of the image.
public protocol BoundingBoxProviding {
    /// The smallest upright rectangle that holds the result, in normalized coordinates.
    var boundingBox: NormalizedRect { get }
}
