import CZBar

/// The translation between Apple's symbologies and ZBar's symbol types, in one place.
extension BarcodeSymbology {
    /// The symbologies ZBar reads, in Apple's order.
    static let readByZBar: [BarcodeSymbology] = allCases.filter { $0.zbarType != nil }

    /// The ZBar decoder that reads this symbology, or `nil` when ZBar has none.
    var zbarType: zbar_symbol_type_t? {
        switch self {
        case .ean8: ZBAR_EAN8
        case .ean13: ZBAR_EAN13
        case .upce: ZBAR_UPCE
        case .i2of5, .itf14: ZBAR_I25
        case .code39: ZBAR_CODE39
        case .code93: ZBAR_CODE93
        case .code128: ZBAR_CODE128
        case .codabar: ZBAR_CODABAR
        case .gs1DataBar: ZBAR_DATABAR
        case .gs1DataBarExpanded: ZBAR_DATABAR_EXP
        case .qr: ZBAR_QRCODE
        case .aztec, .code39Checksum, .code39FullASCII, .code39FullASCIIChecksum, .code93i, .dataMatrix,
            .i2of5Checksum, .pdf417, .gs1DataBarLimited, .microPDF417, .microQR, .msiPlessey:
            nil
        }
    }

    /// The symbology of a symbol ZBar decoded. Interleaved 2 of 5 with 14 digits is ITF-14 when
    /// ITF-14 was asked for; UPC-A arrives as EAN-13 because the UPC-A decoder stays off.
    init?(zbarType type: zbar_symbol_type_t, payloadLength: Int, wanted: Set<BarcodeSymbology>) {
        switch type {
        case ZBAR_EAN8: self = .ean8
        case ZBAR_EAN13, ZBAR_UPCA: self = .ean13
        case ZBAR_UPCE: self = .upce
        case ZBAR_I25: self = payloadLength == 14 && wanted.contains(.itf14) ? .itf14 : .i2of5
        case ZBAR_CODE39: self = .code39
        case ZBAR_CODE93: self = .code93
        case ZBAR_CODE128: self = .code128
        case ZBAR_CODABAR: self = .codabar
        case ZBAR_DATABAR: self = .gs1DataBar
        case ZBAR_DATABAR_EXP: self = .gs1DataBarExpanded
        case ZBAR_QRCODE: self = .qr
        default: return nil
        }
    }
}
