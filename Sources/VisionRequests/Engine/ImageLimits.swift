/// The largest images the requests decode, checked from the image header before any pixel is read.
///
/// A small compressed file can claim a huge size (a "decompression bomb": a 30 KB PNG can declare
/// 30000 × 30000 pixels, 3.6 GB once decoded to 32 bits a pixel). The requests refuse such images
/// with ``VisionError/invalidImage(_:)`` before decoding.
public enum ImageLimits {
    /// The most pixels an image may have: 64 megapixels.
    ///
    /// Large enough for the 48-megapixel photos of current phone cameras (8064 × 6048); at the limit
    /// the decoded image takes 256 MB at 32 bits a pixel, and Tesseract's working copies about as
    /// much again.
    public static let maximumPixelCount: Int = 64_000_000

    /// The longest side an image may have: 32,767 pixels, the largest coordinate Tesseract's
    /// 16-bit boxes hold.
    public static let maximumSideLength: Int = 32_767

    /// The largest encoded file a request reads: 256 MB.
    public static let maximumFileSize: Int = 256 << 20
}
