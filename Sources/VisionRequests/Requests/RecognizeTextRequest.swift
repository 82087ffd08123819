public import Foundation
public import ImageOrientation

/// A request that finds and reads the lines of text in an image, on Tesseract 5.
///
/// ```swift
/// var request = RecognizeTextRequest()
/// request.recognitionLanguages = [Locale.Language(identifier: "en-US")]
/// let lines = try await request.perform(on: URL(fileURLWithPath: "sign.jpg"))
/// for line in lines {
///     print(line.topCandidates(1).first?.string ?? "", line.confidence, line.boundingBox)
/// }
/// ```
///
/// The request runs Tesseract's LSTM recognizer with the trained models of the system (Debian:
/// `tesseract-ocr-eng` and the other `tesseract-ocr-*` packages; `TESSDATA_PREFIX` overrides the
/// folder). Lines come in reading order. An image without text gives an empty array.
///
/// The work runs on a dispatch queue of its own, never on the caller's thread or Swift's
/// cooperative pool; several requests may run at once, each on its own Tesseract instance.
/// Cancelling the calling task stops the recognition between two words and throws
/// ``VisionError/requestCancelled(_:)``.
///
/// Left out, because Linux has no Core ML or Neural Engine: `supportedComputeStageDevices`,
/// `setComputeDevice(_:for:)` and `descriptor`.
public struct RecognizeTextRequest: ImageProcessingRequest {
    /// What the request produces: the lines of text, in reading order.
    public typealias Result = [RecognizedTextObservation]

    /// The smallest text to read, as a fraction of the height of the region of interest.
    ///
    /// Lines whose box is less tall are dropped. The default is Apple's, 1/32 (0.03125); set 0 to
    /// keep every line, for example in a photo of a whole page.
    public var minimumTextHeightFraction: Float = 0.03125

    /// Whether to favour speed or accuracy; ``RecognitionLevel/accurate`` by default.
    public var recognitionLevel: RecognitionLevel = .accurate

    /// Whether to read with every installed language model instead of ``recognitionLanguages``.
    ///
    /// Tesseract cannot detect a language by itself, so this loads all the models in
    /// ``supportedRecognitionLanguages`` together, which is slower the more are installed.
    public var automaticallyDetectsLanguage: Bool = false

    /// The languages to read, most likely first; American English by default.
    ///
    /// Languages whose Tesseract model is not installed are skipped; when none is installed the
    /// request throws ``VisionError/unsupportedRequest(_:)``.
    public var recognitionLanguages: [Locale.Language] = [Locale.Language(identifier: "en-US")]

    /// Whether Tesseract's dictionaries steer the reading towards real words; on by default.
    ///
    /// Off, the models' word lists are not loaded (`load_system_dawg=0`, `load_freq_dawg=0`), which
    /// helps with codes, serial numbers and names.
    public var usesLanguageCorrection: Bool = true

    /// Extra words for the dictionary (names, jargon), used when ``usesLanguageCorrection`` is on.
    public var customWords: [String] = []

    /// The part of the upright image to read; the whole image by default.
    public var regionOfInterest: NormalizedRect = .fullImage

    /// The recognizer version.
    public let revision: Revision

    /// The recognizer versions available: ``Revision/revision3``.
    public static let supportedRevisions: [Revision] = [.revision3]

    /// Creates a request with the default settings.
    ///
    /// - Parameter revision: The recognizer version; `nil` for the current one.
    public init(_ revision: Revision? = nil) {
        self.revision = revision ?? .revision3
    }

    /// The languages whose Tesseract models are installed.
    public var supportedRecognitionLanguages: [Locale.Language] {
        Tessdata.installedModels.compactMap(Tessdata.language(forModel:))
    }

    /// The request's settings, for logs.
    public var description: String {
        "RecognizeTextRequest(\(revision), \(recognitionLevel), languages: \(recognitionLanguages.map(\.maximalIdentifier)), "
            + "usesLanguageCorrection: \(usesLanguageCorrection), minimumTextHeightFraction: \(minimumTextHeightFraction))"
    }

    /// Reads the text in the image file at a URL.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL of a PNG, JPEG, TIFF, WebP, BMP or GIF image.
    ///   - orientation: How the stored pixels must be turned to stand upright; `nil` reads a JPEG's
    ///     EXIF orientation and otherwise takes the pixels as they are.
    /// - Returns: The lines of text in reading order; empty when the image has none.
    /// - Throws: ``VisionError``: `ioError` for a file that cannot be read, `invalidImage` for one
    ///   that is no readable image or is too large (``ImageLimits``), `unsupportedRequest` when no
    ///   requested language is installed, `requestCancelled` when the task is cancelled.
    public func perform(on url: URL, orientation: CGImagePropertyOrientation? = nil) async throws -> [RecognizedTextObservation] {
        let configuration = try tesseractConfiguration()
        return try await VisionWork.run("reading the text of \(url.path)") { flag throws(VisionError) in
            try recognize(ImageDecoder.decode(contentsOf: url, orientation: orientation), configuration, flag)
        }
    }

    /// Reads the text in an encoded image.
    ///
    /// - Parameters:
    ///   - data: The contents of a PNG, JPEG, TIFF, WebP, BMP or GIF file.
    ///   - orientation: How the stored pixels must be turned to stand upright; `nil` reads a JPEG's
    ///     EXIF orientation and otherwise takes the pixels as they are.
    /// - Returns: The lines of text in reading order; empty when the image has none.
    /// - Throws: ``VisionError``, as ``perform(on:orientation:)-(URL,_)`` does.
    public func perform(on data: Data, orientation: CGImagePropertyOrientation? = nil) async throws -> [RecognizedTextObservation] {
        let configuration = try tesseractConfiguration()
        return try await VisionWork.run("reading the text of the image data") { flag throws(VisionError) in
            try recognize(ImageDecoder.decode(data, named: "the image data", orientation: orientation), configuration, flag)
        }
    }

    /// The Tesseract set-up for this request's settings, checked before any image is read.
    func tesseractConfiguration() throws(VisionError) -> TesseractConfiguration {
        guard (0...1).contains(minimumTextHeightFraction) else {
            throw .invalidArgument("minimumTextHeightFraction must be between 0 and 1, got \(minimumTextHeightFraction)")
        }
        guard let folder = Tessdata.folder else {
            throw .unsupportedRequest(
                "no Tesseract models found in TESSDATA_PREFIX or \(Tessdata.standardFolders.joined(separator: ", ")); "
                    + "install tesseract-ocr-eng (scripts/setup.sh does)")
        }
        let installed = Set(Tessdata.installedModels)
        let wanted =
            automaticallyDetectsLanguage
            ? Tessdata.installedModels.filter { Tessdata.language(forModel: $0) != nil }
            : recognitionLanguages.compactMap(Tessdata.model(for:))
        var models: [String] = []
        for model in wanted where installed.contains(model) && !models.contains(model) { models.append(model) }
        guard !models.isEmpty else {
            throw .unsupportedRequest(
                "no Tesseract model is installed for \(recognitionLanguages.map(\.maximalIdentifier).joined(separator: ", ")); "
                    + "installed: \(Tessdata.installedModels.joined(separator: ", ")) in \(folder)")
        }
        return TesseractConfiguration(
            folder: folder, languages: models.joined(separator: "+"), usesLanguageCorrection: usesLanguageCorrection,
            customWords: usesLanguageCorrection ? customWords : [])
    }

    /// Runs Tesseract on an upright image and turns its lines into observations.
    func recognize(_ image: Image, _ configuration: TesseractConfiguration, _ flag: CancellationFlag) throws(VisionError) -> [RecognizedTextObservation] {
        var region = try image.cropped(to: regionOfInterest)
        if recognitionLevel == .fast { region = try region.scaledDown(toLongestSide: 2_000) }
        let lines = try TesseractPool.withEngine(configuration) { engine throws(VisionError) in
            try engine.recognize(region, invertedText: recognitionLevel == .accurate, cancellation: flag)
        }
        let (width, height) = (CGFloat(region.width), CGFloat(region.height))
        let minimumHeight = CGFloat(minimumTextHeightFraction) * height
        return lines.compactMap { line in
            guard CGFloat(line.bottom - line.top) >= minimumHeight else { return nil }
            let box = NormalizedRect(
                x: CGFloat(line.left) / width, y: 1 - CGFloat(line.bottom) / height,
                width: CGFloat(line.right - line.left) / width, height: CGFloat(line.bottom - line.top) / height)
            return RecognizedTextObservation(text: line.text, confidence: line.confidence, boundingBox: box)
        }
    }
}
