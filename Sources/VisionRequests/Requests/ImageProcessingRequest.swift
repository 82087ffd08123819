public import Foundation
public import ImageOrientation

/// A request that runs on one still image, given as a file or as encoded bytes.
///
/// Linux has no `CGImage`, `CIImage`, `CVPixelBuffer` or `CMSampleBuffer`, so only Apple's `URL`
/// and `Data` forms of `perform(on:orientation:)` exist. Both read PNG, JPEG, TIFF, WebP, BMP and
/// GIF through Leptonica; see ``ImageLimits`` for the size limit.
public protocol ImageProcessingRequest: VisionRequest {
    /// The part of the image to analyse, in normalized coordinates of the upright image.
    ///
    /// Results are normalized to this region, not to the whole image, as on Apple's platforms.
    var regionOfInterest: NormalizedRect { get set }

    /// Runs the request on the image file at a URL.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL of an encoded image.
    ///   - orientation: How the stored pixels must be turned to stand upright; `nil` reads the
    ///     EXIF orientation of a JPEG and otherwise takes the pixels as they are.
    /// - Returns: The request's results, in coordinates of the upright image.
    /// - Throws: ``VisionError``.
    func perform(on url: URL, orientation: CGImagePropertyOrientation?) async throws -> Result

    /// Runs the request on the bytes of an encoded image.
    ///
    /// - Parameters:
    ///   - data: The contents of an image file.
    ///   - orientation: How the stored pixels must be turned to stand upright; `nil` reads the
    ///     EXIF orientation of a JPEG and otherwise takes the pixels as they are.
    /// - Returns: The request's results, in coordinates of the upright image.
    /// - Throws: ``VisionError``.
    func perform(on data: Data, orientation: CGImagePropertyOrientation?) async throws -> Result
}
