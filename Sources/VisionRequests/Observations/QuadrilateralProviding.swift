import Foundation

/// A result outlined by four corners, which need not form an upright rectangle.
public protocol QuadrilateralProviding: BoundingBoxProviding {
    /// The corner at the top left of the result, as it reads.
    var topLeft: NormalizedPoint { get }
    /// The corner at the top right of the result, as it reads.
    var topRight: NormalizedPoint { get }
    /// The corner at the bottom right of the result, as it reads.
    var bottomRight: NormalizedPoint { get }
    /// The corner at the bottom left of the result, as it reads.
    var bottomLeft: NormalizedPoint { get }
}

extension QuadrilateralProviding {
    /// The smallest upright rectangle that holds all four corners.
    public var boundingBox: NormalizedRect {
        let xs = [topLeft.x, topRight.x, bottomRight.x, bottomLeft.x]
        let ys = [topLeft.y, topRight.y, bottomRight.y, bottomLeft.y]
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return NormalizedRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
