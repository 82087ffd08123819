// The measuring side of scripts/bench-vision.sh: times RecognizeTextRequest beside the tesseract CLI
// and DetectBarcodesRequest beside zbarimg on the same images, alternating run by run.
//
//   vision-bench [--repeats N] FIXTURES_FOLDER
//
// Ours runs in-process with a warm Tesseract instance (as an app calls it after the first request);
// each CLI run is a process that loads its model, which is what the CLI costs. Both use one thread
// (OMP_THREAD_LIMIT=1 for the CLI). Prints a Markdown table per request kind.
import Foundation
import VisionRequests

struct Options {
    var repeats = 5
    var folder = ""
}

func parse() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        if argument == "--repeats", let value = arguments.popFirst().flatMap(Int.init) {
            options.repeats = value
        } else {
            options.folder = argument
        }
    }
    return options
}

func run(_ tool: String, _ arguments: [String]) throws -> Duration {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["OMP_THREAD_LIMIT"] = "1"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    try process.run()
    process.waitUntilExit()
    return ContinuousClock.now - start
}

func time(_ body: () async throws -> Void) async rethrows -> Duration {
    let start = ContinuousClock.now
    try await body()
    return ContinuousClock.now - start
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Megapixels from a PNG's or JPEG's header, read here because the requests' decoder is internal.
func megapixels(_ url: URL) -> Double {
    let bytes = [UInt8]((try? Data(contentsOf: url)) ?? Data())
    if bytes.count > 24, bytes[0] == 0x89 {
        let w = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let h = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return Double(w * h) / 1e6
    }
    var i = 2
    while i + 9 < bytes.count, bytes[i] == 0xFF {
        let marker = bytes[i + 1]
        let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        if (0xC0...0xC3).contains(marker) {
            let h = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
            let w = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
            return Double(w * h) / 1e6
        }
        i += 2 + length
    }
    return 0
}

struct Row {
    var name: String
    var megapixels: Double
    var ours: Double
    var reference: Double
    /// The reference's median on a 1-pixel image, run beside it (process start and model load).
    var startup: Double = 0
}

/// One table; with `withStartup`, two more columns: the reference less its start-up, and that over ours.
func table(_ title: String, _ reference: String, _ rows: [Row], withStartup: Bool = false) {
    print("\n### \(title)\n")
    var header = "| image | MP | ours (ms) | ours (ms/MP) | \(reference) (ms) | \(reference) / ours |"
    if withStartup { header += " \(reference) less start-up (ms) | that / ours |" }
    print(header)
    print("|---|---:|---:|---:|---:|---:|" + (withStartup ? "---:|---:|" : ""))
    func line(_ row: Row) {
        var text = String(
            format: "| %@ | %.2f | %.1f | %.0f | %.1f | %.2f |", row.name, row.megapixels, row.ours,
            row.ours / row.megapixels, row.reference, row.reference / row.ours)
        if withStartup {
            let work = row.reference - row.startup
            text += String(format: " %.1f | %.2f |", work, work / row.ours)
        }
        print(text)
    }
    rows.forEach(line)
    func sum(_ value: KeyPath<Row, Double>) -> Double { rows.map { $0[keyPath: value] }.reduce(0, +) }
    line(Row(name: "**all \(rows.count)**", megapixels: sum(\.megapixels), ours: sum(\.ours), reference: sum(\.reference), startup: sum(\.startup)))
}

let options = parse()
let folder = URL(fileURLWithPath: options.folder)
let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("truth.json"))) as! [String: [String: Any]]
let textImages = truth.filter { ($0.value["lines"] as? [String])?.isEmpty == false && $0.value["orientation"] == nil && $0.value["exifOrientation"] == nil }.keys.sorted()
let codeImages = truth.filter { $0.value["barcodes"] != nil }.keys.sorted()

// What a CLI run costs before it reads anything (the process and the model): a run on a 1-pixel image.
let dot = FileManager.default.temporaryDirectory.appendingPathComponent("vision-bench-dot.png")
try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==")!.write(to: dot)

var textRequest = RecognizeTextRequest()
textRequest.minimumTextHeightFraction = 0
_ = try await textRequest.perform(on: folder.appendingPathComponent(textImages[0]))  // Loads the model once.
var textRows: [Row] = []
for name in textImages {
    let url = folder.appendingPathComponent(name)
    var ours: [Double] = []
    var cli: [Double] = []
    var startup: [Double] = []
    for _ in 0..<options.repeats {
        ours.append(milliseconds(try await time { _ = try await textRequest.perform(on: url) }))
        cli.append(milliseconds(try run("/usr/bin/tesseract", [url.path, "stdout", "--oem", "1", "--psm", "3", "-l", "eng"])))
        startup.append(milliseconds(try run("/usr/bin/tesseract", [dot.path, "stdout", "--oem", "1", "--psm", "3", "-l", "eng"])))
    }
    textRows.append(Row(name: name, megapixels: megapixels(url), ours: median(ours), reference: median(cli), startup: median(startup)))
}

let barcodeRequest = DetectBarcodesRequest()
var codeRows: [Row] = []
for name in codeImages {
    let url = folder.appendingPathComponent(name)
    var ours: [Double] = []
    var zbar: [Double] = []
    for _ in 0..<options.repeats {
        ours.append(milliseconds(try await time { _ = try await barcodeRequest.perform(on: url) }))
        zbar.append(milliseconds(try run("/usr/bin/zbarimg", ["-q", "--nodbus", url.path])))
    }
    codeRows.append(Row(name: name, megapixels: megapixels(url), ours: median(ours), reference: median(zbar)))
}

print("Medians of \(options.repeats) alternating runs each.")
table("Text: RecognizeTextRequest (.accurate, warm) beside `tesseract --oem 1 --psm 3`", "CLI", textRows, withStartup: true)
print("\n\"Start-up\" is the median CLI run on a 1-pixel PNG (process start, model load), alternated with the others.")
table("Barcodes: DetectBarcodesRequest beside `zbarimg`", "zbarimg", codeRows)
