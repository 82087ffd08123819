import Foundation
import ImageOrientation

/// Reads the orientation that a camera records in a JPEG's EXIF block (tag 0x0112 of IFD0).
///
/// Phones store portrait photos sideways and say so in this tag; Leptonica decodes pixels only, so
/// without it a portrait photo reaches Tesseract lying on its side. Only JPEG is read (the format
/// cameras write); every offset is checked against the data, and anything malformed reads as `nil`.
enum ExifOrientation {
    /// The orientation recorded in a JPEG, or `nil` when there is none or the data is not a JPEG.
    static func orientation(inJPEG data: Data) -> CGImagePropertyOrientation? {
        let bytes = [UInt8](data.prefix(1 << 20))  // The EXIF block lies in the first 64 KB segment.
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            // Start of scan or end of image: no metadata past here.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, position + 2 + length <= bytes.count else { return nil }
            let body = (position + 4)..<(position + 2 + length)
            if marker == 0xE1, let value = orientation(inAPP1: bytes[body]) { return value }
            position += 2 + length
        }
        return nil
    }

    /// The orientation in one APP1 segment's body ("Exif\0\0" then a TIFF header and IFD0).
    private static func orientation(inAPP1 segment: ArraySlice<UInt8>) -> CGImagePropertyOrientation? {
        let body = Array(segment)
        guard body.count >= 14, body[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = Array(body[6...])
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= tiff.count else { return nil }
            let (a, b) = (Int(tiff[offset]), Int(tiff[offset + 1]))
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func read32(_ offset: Int) -> Int? {
            guard let low = read16(littleEndian ? offset : offset + 2),
                let high = read16(littleEndian ? offset + 2 : offset)
            else { return nil }
            return high << 16 | low
        }
        guard let ifd = read32(4), let count = read16(ifd) else { return nil }
        for index in 0..<min(count, 512) {
            let entry = ifd + 2 + index * 12
            guard let tag = read16(entry) else { return nil }
            // Tag 0x0112, type SHORT (3): the value sits in the entry's first two value bytes.
            if tag == 0x0112, read16(entry + 2) == 3, let value = read16(entry + 8) {
                return CGImagePropertyOrientation(rawValue: UInt32(value))
            }
        }
        return nil
    }
}
