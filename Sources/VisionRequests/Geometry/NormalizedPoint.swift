public import Foundation

/// A point in normalized image coordinates: 0 to 1 on each axis, origin at the lower left.
public struct NormalizedPoint: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The point as a `CGPoint` in normalized coordinates.
    public let cgPoint: CGPoint

    /// Creates a point from normalized coordinates (lower-left origin).
    public init(x: CGFloat, y: CGFloat) {
        cgPoint = CGPoint(x: x, y: y)
    }

    /// Creates a point from a `CGPoint` already in normalized coordinates.
    public init(normalizedPoint: CGPoint) {
        cgPoint = normalizedPoint
    }

    /// Creates a point from pixel coordinates (lower-left origin) in an image of the given size.
    public init(imagePoint: CGPoint, in imageSize: CGSize) {
        cgPoint = CGPoint(x: imagePoint.x / imageSize.width, y: imagePoint.y / imageSize.height)
    }

    /// The origin.
    public static var zero: NormalizedPoint { NormalizedPoint(x: 0, y: 0) }

    /// The horizontal coordinate, 0 at the left edge and 1 at the right.
    public var x: CGFloat { cgPoint.x }

    /// The vertical coordinate, 0 at the bottom edge and 1 at the top.
    public var y: CGFloat { cgPoint.y }

    /// The point in pixels of an image of the given size, measured from the chosen origin.
    public func toImageCoordinates(_ imageSize: CGSize, origin: CoordinateOrigin = .lowerLeft) -> CGPoint {
        let point = CGPoint(x: x * imageSize.width, y: y * imageSize.height)
        return origin == .lowerLeft ? point : CGPoint(x: point.x, y: imageSize.height - point.y)
    }

    /// The same point mirrored top to bottom (y becomes 1 − y).
    public func verticallyFlipped() -> NormalizedPoint {
        NormalizedPoint(x: x, y: 1 - y)
    }

    /// The coordinates, for logs.
    public var description: String { "(\(x), \(y))" }
}
