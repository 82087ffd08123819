/// The bounds one render keeps to, so that a hostile template (chat templates come inside model
/// files) ends with a ``TemplateError/runtime(message:location:)`` instead of hanging or taking
/// all memory. Real chat templates stay far below them: the largest we test runs a few thousand
/// steps and renders a few kilobytes.
enum RenderLimits {
    /// The most loop iterations and macro calls in one render (nested loops over large ranges,
    /// macros that call themselves twice at each level).
    static let steps = 1_000_000
    /// The largest text, in UTF-8 bytes, that one render produces or one string value holds.
    static let textBytes = 8 * 1024 * 1024
    /// The most elements one list may hold when repeated or concatenated.
    static let listElements = 1_000_000

    /// Throws unless a string of `unitBytes` repeated `count` times stays within ``textBytes``.
    static func checkRepetition(unitBytes: Int, count: Int, location: TemplateLocation) throws(TemplateError) {
        let (total, overflow) = unitBytes.multipliedReportingOverflow(by: max(0, count))
        guard !overflow, total <= textBytes else {
            throw .runtime(message: "a string of \(unitBytes) bytes repeated \(count) times exceeds the render limit of \(textBytes) bytes", location: location)
        }
    }

    /// Throws unless a list of `unitCount` elements repeated `count` times stays within ``listElements``.
    static func checkListRepetition(unitCount: Int, count: Int, location: TemplateLocation) throws(TemplateError) {
        let (total, overflow) = unitCount.multipliedReportingOverflow(by: max(0, count))
        guard !overflow, total <= listElements else {
            throw .runtime(message: "a list of \(unitCount) elements repeated \(count) times exceeds the render limit of \(listElements) elements", location: location)
        }
    }

    /// Throws if `value` (a string or list being stored) is beyond the limits.
    static func checkStored(_ value: TemplateValue, location: TemplateLocation) throws(TemplateError) {
        switch value.storage {
        case .string(let text), .markup(let text):
            guard text.utf8.count <= textBytes else {
                throw .runtime(message: "a string of \(text.utf8.count) bytes exceeds the render limit of \(textBytes) bytes", location: location)
            }
        case .list(let elements), .tuple(let elements):
            guard elements.count <= listElements else {
                throw .runtime(message: "a list of \(elements.count) elements exceeds the render limit of \(listElements) elements", location: location)
            }
        default:
            break
        }
    }

    /// Throws if the output so far is beyond ``textBytes``.
    static func checkOutput(_ output: String, location: TemplateLocation) throws(TemplateError) {
        guard output.utf8.count <= textBytes else {
            throw .runtime(message: "the rendered text exceeds the render limit of \(textBytes) bytes", location: location)
        }
    }
}
