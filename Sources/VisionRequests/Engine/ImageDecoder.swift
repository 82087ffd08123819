import CTesseract
import Foundation
import ImageOrientation
import Synchronization

/// Turns the bytes of an image file into an upright ``Image``, refusing what it cannot read safely.
///
/// The header is read first (`pixReadHeaderMem`) and the size checked against ``ImageLimits``
/// before any pixel is decoded. Only the formats cameras, screenshots and the web use are accepted:
/// PNG, JPEG, TIFF, WebP, BMP and GIF; Leptonica's other readers (PNM, JPEG 2000, its own SPIX
/// serialisation) are not reached.
enum ImageDecoder {
    /// The formats accepted, by Leptonica's `IFF_*` number.
    private static let acceptedFormats: Set<Int32> = [
        Int32(IFF_PNG), Int32(IFF_JFIF_JPEG), Int32(IFF_BMP), Int32(IFF_GIF), Int32(IFF_WEBP),
        Int32(IFF_TIFF), Int32(IFF_TIFF_PACKBITS), Int32(IFF_TIFF_RLE), Int32(IFF_TIFF_G3), Int32(IFF_TIFF_G4),
        Int32(IFF_TIFF_LZW), Int32(IFF_TIFF_ZIP), Int32(IFF_TIFF_JPEG)
    ]

    /// Whether Leptonica's messages were silenced (once per process).
    private static let silenced = Mutex(false)

    /// Reads a file, then decodes it; errors name the file.
    static func decode(contentsOf url: URL, orientation: CGImagePropertyOrientation?) throws(VisionError) -> Image {
        guard url.isFileURL else { throw .invalidArgument("\(url.absoluteString) is not a file URL") }
        let path = url.path
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
                throw VisionError.ioError("\(path) is a folder, not an image file")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as VisionError {
            throw error
        } catch {
            throw .ioError("cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? "permission denied or unreadable" : "no such file")")
        }
        guard size <= ImageLimits.maximumFileSize else {
            throw .invalidImage("\(path) is \(size) bytes, above the limit of \(ImageLimits.maximumFileSize) bytes")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .ioError("cannot read \(path): \(error.localizedDescription)")
        }
        return try decode(data, named: path, orientation: orientation)
    }

    /// Decodes encoded image bytes and turns the result upright.
    ///
    /// - Parameters:
    ///   - data: The contents of an image file.
    ///   - name: What errors call the image (a path, or "the image data").
    ///   - orientation: How the stored pixels lie; `nil` takes a JPEG's EXIF orientation, else `.up`.
    static func decode(_ data: Data, named name: String, orientation: CGImagePropertyOrientation?) throws(VisionError) -> Image {
        silenceLeptonica()
        guard !data.isEmpty else { throw .invalidImage("\(name) is empty (0 bytes)") }
        guard data.count <= ImageLimits.maximumFileSize else {
            throw .invalidImage("\(name) is \(data.count) bytes, above the limit of \(ImageLimits.maximumFileSize) bytes")
        }
        // `withUnsafeBytes` rethrows untyped errors, so the typed result travels out as a `Result`.
        let decoding = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            Result { () throws(VisionError) -> Image in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let base = bytes.baseAddress else { throw .invalidImage("\(name) is empty (0 bytes)") }
                var format: Int32 = 0
                // findFileFormatBuffer reads up to 12 bytes: shorter data cannot be an image.
                guard bytes.count >= 12, findFileFormatBuffer(base, &format) == 0, acceptedFormats.contains(format) else {
                    throw .invalidImage("\(name) is not a PNG, JPEG, TIFF, WebP, BMP or GIF image")
                }
                var (width, height, bitsPerSample, samplesPerPixel, hasColormap): (Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0)
                guard pixReadHeaderMem(base, bytes.count, &format, &width, &height, &bitsPerSample, &samplesPerPixel, &hasColormap) == 0 else {
                    throw .invalidImage("\(name): the image header cannot be read (damaged or truncated)")
                }
                try checkSize(width: Int(width), height: Int(height), name: name)
                let image = try Image(
                    taking: pixReadMem(base, bytes.count),
                    failure: .invalidImage("\(name): the image data cannot be decoded (damaged or truncated)"))
                // The header and the pixels must agree: a reader that decoded more than it announced
                // would have passed the size check unfairly.
                guard image.width == Int(width), image.height == Int(height) else {
                    throw .invalidImage("\(name): the decoded size \(image.width) × \(image.height) differs from the header's \(width) × \(height)")
                }
                return image
            }
        }
        let decoded = try decoding.get()
        let turn = orientation ?? ExifOrientation.orientation(inJPEG: data) ?? .up
        return try decoded.upright(from: turn).flattened()
    }

    /// Refuses sizes that are empty or above ``ImageLimits``.
    static func checkSize(width: Int, height: Int, name: String) throws(VisionError) {
        guard width > 0, height > 0 else { throw .invalidImage("\(name) declares an empty size, \(width) × \(height) pixels") }
        let pixels = width * height
        guard width <= ImageLimits.maximumSideLength, height <= ImageLimits.maximumSideLength,
            pixels <= ImageLimits.maximumPixelCount
        else {
            let megapixels = (Double(pixels) / 1e6 * 10).rounded() / 10
            throw .invalidImage(
                "\(name) is \(width) × \(height) pixels (\(megapixels) megapixels), above the limit of "
                    + "\(ImageLimits.maximumPixelCount / 1_000_000) megapixels and \(ImageLimits.maximumSideLength) pixels a side")
        }
    }

    /// Leptonica prints every decoding failure on standard error; the requests report them as
    /// errors instead, so the messages are turned off once per process, unless `LEPT_MSG_SEVERITY`
    /// asks for them (Leptonica's own switch). The setting is process-wide.
    private static func silenceLeptonica() {
        silenced.withLock { done in
            guard !done else { return }
            done = true
            if ProcessInfo.processInfo.environment["LEPT_MSG_SEVERITY"] == nil {
                _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
            }
        }
    }
}
