public import Foundation

/// A rectangle in normalized image coordinates: 0 to 1 on each axis, origin at the lower left.
public struct NormalizedRect: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The rectangle as a `CGRect` in normalized coordinates.
    public let cgRect: CGRect

    /// Creates a rectangle from its lower-left corner and size, all normalized.
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        cgRect = CGRect(x: x, y: y, width: width, height: height)
    }

    /// Creates a rectangle from a `CGRect` already in normalized coordinates.
    public init(normalizedRect: CGRect) {
        cgRect = normalizedRect
    }

    /// Creates a rectangle from pixel coordinates (lower-left origin) in an image of the given size.
    public init(imageRect: CGRect, in imageSize: CGSize) {
        cgRect = CGRect(
            x: imageRect.origin.x / imageSize.width, y: imageRect.origin.y / imageSize.height,
            width: imageRect.width / imageSize.width, height: imageRect.height / imageSize.height)
    }

    /// The whole image, (0, 0) to (1, 1).
    public static var fullImage: NormalizedRect { NormalizedRect(x: 0, y: 0, width: 1, height: 1) }

    /// The lower-left corner.
    public var origin: CGPoint { cgRect.origin }

    /// The width, as a fraction of the image width.
    public var width: CGFloat { cgRect.width }

    /// The height, as a fraction of the image height.
    public var height: CGFloat { cgRect.height }

    /// The rectangle in pixels of an image of the given size, measured from the chosen origin.
    ///
    /// ```swift
    /// let pixels = observation.boundingBox.toImageCoordinates(size, origin: .upperLeft)
    /// ```
    public func toImageCoordinates(_ imageSize: CGSize, origin: CoordinateOrigin = .lowerLeft) -> CGRect {
        let rect = CGRect(
            x: cgRect.minX * imageSize.width, y: cgRect.minY * imageSize.height,
            width: cgRect.width * imageSize.width, height: cgRect.height * imageSize.height)
        guard origin == .upperLeft else { return rect }
        return CGRect(x: rect.minX, y: imageSize.height - rect.maxY, width: rect.width, height: rect.height)
    }

    /// The same rectangle mirrored top to bottom, for code that works with a top-left origin.
    public func verticallyFlipped() -> NormalizedRect {
        NormalizedRect(x: cgRect.minX, y: 1 - cgRect.maxY, width: cgRect.width, height: cgRect.height)
    }

    /// The origin and size, for logs.
    public var description: String {
        "(\(cgRect.minX), \(cgRect.minY), \(cgRect.width), \(cgRect.height))"
    }
}
