/// Small helpers for writing HTML by hand: escaping and elements.
enum HTML {
    /// Text made safe inside an element or a quoted attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// An element with escaped text inside.
    static func element(_ name: String, _ text: String, class className: String? = nil) -> String {
        "<\(name)\(className.map { " class=\"\($0)\"" } ?? "")>\(escape(text))</\(name)>"
    }

    /// Text cut to a length, with an ellipsis when cut.
    static func cut(_ text: String, to length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }

    /// A number as the report shows it.
    static func number(_ value: Double) -> String {
        value == -1 ? "–" : EvaluationTable.format(value)
    }

    /// A share as a percentage.
    static func percent(_ value: Double) -> String {
        EvaluationTable.format((value * 1000).rounded() / 10) + "%"
    }
}
