import Foundation

/// The readable text of an HTML document: tags, comments, scripts and styles removed, entities
/// decoded, block elements as line breaks. A linear scan with no nesting stack, so malformed
/// HTML (unclosed tags, stray `<`) only costs words, never time.
package enum HTMLText {
    /// The document's text and its `<title>`, if any.
    package static func extract(from html: String) -> (title: String?, text: String) {
        var text = ""
        var title: String?
        var index = html.startIndex
        let blockTags: Set<String> = [
            "p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "pre", "blockquote", "table", "ul", "ol", "hr"
        ]
        while index < html.endIndex {
            let character = html[index]
            guard character == "<" else {
                text.append(character)
                index = html.index(after: index)
                continue
            }
            let rest = html[index...]
            if rest.hasPrefix("<!--") {
                index = rest.range(of: "-->")?.upperBound ?? html.endIndex
                continue
            }
            guard let close = rest.firstIndex(of: ">") else {
                text.append(character)
                index = html.index(after: index)
                continue
            }
            let tag = rest[rest.index(after: rest.startIndex)..<close]
            let name = String(tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })).lowercased()
            index = html.index(after: close)
            if !tag.hasPrefix("/"), ["script", "style", "title"].contains(name) {
                let end = html[index...].range(of: "</\(name)", options: .caseInsensitive)
                let inner = html[index..<(end?.lowerBound ?? html.endIndex)]
                if name == "title", title == nil { title = collapse(decodeEntities(String(inner))) }
                index = end.flatMap { html[$0.upperBound...].firstIndex(of: ">") }.map { html.index(after: $0) } ?? html.endIndex
                continue
            }
            text.append(blockTags.contains(name) ? "\n" : " ")
        }
        let lines = decodeEntities(text).split(separator: "\n").map { collapse(String($0)) }.filter { !$0.isEmpty }
        return (title?.isEmpty == false ? title : nil, lines.joined(separator: "\n"))
    }

    /// Runs of spaces and tabs as one space, trimmed.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" }).joined(separator: " ")
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–", "hellip": "…"]
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let name = String(text[text.index(after: index)..<semicolon])
                var replacement: String?
                if let value = named[name.lowercased()] {
                    replacement = value
                } else if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let code = digits.lowercased().hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    replacement = code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                }
                if let replacement {
                    result += replacement
                    index = text.index(after: semicolon)
                    continue
                }
            }
            result.append(character)
            index = text.index(after: index)
        }
        return result
    }
}
