/// Where the origin of image coordinates lies when normalized values are converted back to pixels.
public enum CoordinateOrigin: Sendable, Hashable {
    /// The top-left corner, with y growing downwards (the convention of most image libraries).
    case upperLeft
    /// The bottom-left corner, with y growing upwards (Vision's own convention).
    case lowerLeft
}
