#if !canImport(ImageIO)
    /// How an image is rotated or flipped, with the EXIF values Apple's ImageIO uses.
    ///
    /// Linux has no ImageIO; this type lets code that passes an orientation to an image attachment
    /// compile unchanged. Where ImageIO exists, its own type is used instead.
    public enum CGImagePropertyOrientation: UInt32, Sendable, Hashable {
        /// Upright.
        case up = 1
        /// Flipped horizontally.
        case upMirrored = 2
        /// Rotated 180°.
        case down = 3
        /// Flipped vertically.
        case downMirrored = 4
        /// Flipped horizontally, then rotated 90° counter-clockwise.
        case leftMirrored = 5
        /// Rotated 90° clockwise.
        case right = 6
        /// Flipped horizontally, then rotated 90° clockwise.
        case rightMirrored = 7
        /// Rotated 90° counter-clockwise.
        case left = 8
    }
#endif
