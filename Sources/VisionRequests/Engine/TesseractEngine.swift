import CTesseract
import Foundation

/// One initialised Tesseract instance (`TessBaseAPI`), loaded with a model, reusable for many images.
///
/// A `TessBaseAPI` keeps the state of the image it works on, so one instance serves one image at a
/// time: ``TesseractPool`` hands each instance to one caller, which gives it back when done.
///
/// `@unchecked Sendable` because the pool moves an instance between threads: it is used by one
/// thread at a time (the pool's `Mutex` orders the hand-over), and Tesseract keeps no
/// thread-local state between calls.
final class TesseractEngine: @unchecked Sendable {
    let configuration: TesseractConfiguration
    private let handle: OpaquePointer

    /// Loads the models; fails with the languages and folder when Tesseract cannot.
    init(_ configuration: TesseractConfiguration) throws(VisionError) {
        self.configuration = configuration
        guard let handle = TessBaseAPICreate() else { throw .outOfMemory("Tesseract could not be created") }
        self.handle = handle
        var variables = configuration.initVariables
        var wordsFile: URL?
        if configuration.usesLanguageCorrection, !configuration.customWords.isEmpty {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("vision-words-\(UUID().uuidString).txt")
            let words = configuration.customWords.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
            guard (try? words.write(to: file, atomically: false, encoding: .utf8)) != nil else {
                TessBaseAPIDelete(handle)
                throw .ioError("cannot write the custom words to \(file.path)")
            }
            variables.append(("user_words_file", file.path))
            wordsFile = file
        }
        defer { if let wordsFile { try? FileManager.default.removeItem(at: wordsFile) } }
        let status = CLocale.run {
            Self.limitOpenMP()
            return Self.initialise(handle, configuration, variables: variables)
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw .operationFailed("Tesseract could not load the models \(configuration.languages) from \(configuration.folder)")
        }
        TessBaseAPISetPageSegMode(handle, PSM_AUTO)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    private static func initialise(_ handle: OpaquePointer, _ configuration: TesseractConfiguration, variables: [(name: String, value: String)]) -> Int32 {
        let names = variables.map { strdup($0.name) }
        let values = variables.map { strdup($0.value) }
        defer { for pointer in names + values { free(pointer) } }
        var namePointers = names
        var valuePointers = values
        return namePointers.withUnsafeMutableBufferPointer { names in
            valuePointers.withUnsafeMutableBufferPointer { values in
                TessBaseAPIInit4(
                    handle, configuration.folder, configuration.languages, OEM_LSTM_ONLY, nil, 0,
                    names.baseAddress, values.baseAddress, names.count, 0)
            }
        }
    }

    /// Keeps OpenMP from starting a team of threads for each request: requests run side by side
    /// on their own threads already, and teams of spinning threads on top would oversubscribe the
    /// cores. Applies to the calling thread only, so it is called on every thread that runs Tesseract.
    static func limitOpenMP() {
        _ = fm_tesseract_limit_openmp_to_calling_thread()
    }

    /// Recognises the lines of text in an image.
    ///
    /// - Parameters:
    ///   - image: The upright image (any depth Leptonica decodes).
    ///   - invertedText: Whether Tesseract also tries each line as light-on-dark text (its
    ///     `tessedit_do_invert`, on by default in the CLI).
    ///   - cancellation: Asked by Tesseract between words; a cancelled recognition throws.
    /// - Returns: The lines in reading order, with boxes in the image's pixels (top-left origin).
    func recognize(_ image: Image, invertedText: Bool, cancellation: CancellationFlag) throws(VisionError) -> [TextLine] {
        try CLocale.run { () throws(VisionError) -> [TextLine] in
            Self.limitOpenMP()
            defer { TessBaseAPIClear(handle) }
            TessBaseAPISetVariable(handle, "tessedit_do_invert", invertedText ? "1" : "0")
            TessBaseAPISetImage2(handle, image.pix)
            guard let monitor = TessMonitorCreate() else { throw .outOfMemory("Tesseract's progress monitor could not be created") }
            defer { TessMonitorDelete(monitor) }
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                return Unmanaged<CancellationFlag>.fromOpaque(context).takeUnretainedValue().isCancelled
            }
            let status = withExtendedLifetime(cancellation) {
                TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(cancellation).toOpaque())
                return TessBaseAPIRecognize(handle, monitor)
            }
            if cancellation.isCancelled { throw .requestCancelled("the text recognition was cancelled") }
            guard status == 0 else { throw .operationFailed("Tesseract could not recognise the image (status \(status))") }
            return readLines()
        }
    }

    /// Walks the result at text-line level.
    private func readLines() -> [TextLine] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIterator(iterator)
        var lines: [TextLine] = []
        repeat {
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            let string = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(text)
            guard !string.isEmpty else { continue }
            var (left, top, right, bottom): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            guard TessPageIteratorBoundingBox(pageIterator, RIL_TEXTLINE, &left, &top, &right, &bottom) != 0 else { continue }
            let confidence = TessResultIteratorConfidence(iterator, RIL_TEXTLINE)
            lines.append(
                TextLine(
                    text: string, confidence: min(max(confidence / 100, 0), 1),
                    left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom)))
        } while TessPageIteratorNext(pageIterator, RIL_TEXTLINE) != 0
        return lines
    }
}
