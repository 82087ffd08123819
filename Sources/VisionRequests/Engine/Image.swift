import CTesseract
import Foundation
import ImageOrientation

/// A decoded image: one Leptonica `PIX`, owned by this object and destroyed with it.
///
/// Not `Sendable`: an image is made, used and dropped inside one work item on ``VisionWork``'s
/// queue. Every transform returns a new image and leaves this one unchanged.
final class Image {
    let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of a `PIX` that Leptonica returned, or fails when it returned none.
    init(taking pix: UnsafeMutablePointer<PIX>?, failure: @autoclosure () -> VisionError) throws(VisionError) {
        guard let pix else { throw failure() }
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// The image turned upright: `orientation` says how the stored pixels lie (EXIF semantics,
    /// the same mapping as Pillow's `ImageOps.exif_transpose`).
    func upright(from orientation: CGImagePropertyOrientation) throws(VisionError) -> Image {
        let failure = VisionError.outOfMemory("turning a \(width) × \(height) image upright failed")
        switch orientation {
        case .up: return self
        case .upMirrored: return try Image(taking: pixFlipLR(nil, pix), failure: failure)
        case .down: return try Image(taking: pixRotateOrth(pix, 2), failure: failure)
        case .downMirrored: return try Image(taking: pixFlipTB(nil, pix), failure: failure)
        case .right: return try Image(taking: pixRotateOrth(pix, 1), failure: failure)
        case .left: return try Image(taking: pixRotateOrth(pix, 3), failure: failure)
        case .leftMirrored:  // Transpose: a quarter turn clockwise, then a left-right flip.
            let turned = try Image(taking: pixRotateOrth(pix, 1), failure: failure)
            return try Image(taking: pixFlipLR(nil, turned.pix), failure: failure)
        case .rightMirrored:  // Transverse: a quarter turn clockwise, then a top-bottom flip.
            let turned = try Image(taking: pixRotateOrth(pix, 1), failure: failure)
            return try Image(taking: pixFlipTB(nil, turned.pix), failure: failure)
        }
    }

    /// The part of the image inside a normalized rectangle (lower-left origin), or the whole image
    /// when the rectangle covers it.
    func cropped(to region: NormalizedRect) throws(VisionError) -> Image {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let clipped = region.cgRect.intersection(unit)
        guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else {
            throw .invalidArgument("the region of interest \(region) lies outside the image")
        }
        if clipped == unit { return self }
        let left = Int((clipped.minX * CGFloat(width)).rounded(.down))
        let top = Int(((1 - clipped.maxY) * CGFloat(height)).rounded(.down))
        let right = Int((clipped.maxX * CGFloat(width)).rounded(.up))
        let bottom = Int(((1 - clipped.minY) * CGFloat(height)).rounded(.up))
        guard right > left, bottom > top, let box = boxCreate(Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        else { throw .invalidArgument("the region of interest \(region) holds no whole pixel of a \(width) × \(height) image") }
        defer {
            var owned: UnsafeMutablePointer<BOX>? = box
            boxDestroy(&owned)
        }
        return try Image(taking: pixClipRectangle(pix, box, nil), failure: .outOfMemory("cropping the image failed"))
    }

    /// The image with transparent parts laid over white; opaque images come back unchanged.
    ///
    /// Without this, a PNG of black text on a transparent background reads as black on black.
    func flattened() throws(VisionError) -> Image {
        guard pixGetDepth(pix) == 32, pixGetSpp(pix) == 4 else { return self }
        return try Image(taking: pixAlphaBlendUniform(pix, 0xFFFF_FF00), failure: .outOfMemory("flattening the alpha channel failed"))
    }

    /// The image scaled down so that its longer side is at most `side` pixels (area averaging).
    func scaledDown(toLongestSide side: Int) throws(VisionError) -> Image {
        let longest = max(width, height)
        guard longest > side else { return self }
        let factor = Float(side) / Float(longest)
        return try Image(taking: pixScale(pix, factor, factor), failure: .outOfMemory("scaling the image down failed"))
    }

    /// The pixels as 8-bit grey, one byte a pixel, rows top to bottom with no padding.
    func greyBytes() throws(VisionError) -> [UInt8] {
        let grey = try Image(taking: pixConvertTo8(pix, 0), failure: .outOfMemory("converting the image to grey failed"))
        let (width, height) = (grey.width, grey.height)
        let wordsPerLine = Int(pixGetWpl(grey.pix))
        guard let data = pixGetData(grey.pix) else { throw .internalError("a grey image has no pixel data") }
        return [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            let raw = UnsafeRawPointer(data)
            for row in 0..<height {
                let line = raw.advanced(by: row * wordsPerLine * 4).assumingMemoryBound(to: UInt8.self)
                let output = row * width
                // Leptonica keeps the bytes of each 32-bit word in big-endian order.
                #if _endian(little)
                    for column in 0..<width { buffer[output + column] = line[column ^ 3] }
                #else
                    for column in 0..<width { buffer[output + column] = line[column] }
                #endif
            }
            count = width * height
        }
    }
}
