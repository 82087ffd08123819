/// The words of a command line, read one at a time.
struct CommandLineArguments {
    private var words: [String]

    init(_ words: [String]) {
        self.words = words
    }

    /// Whether a word not read yet satisfies `predicate`.
    func contains(where predicate: (String) -> Bool) -> Bool {
        words.contains(where: predicate)
    }

    /// Whether all words have been read.
    var isEmpty: Bool { words.isEmpty }

    /// Removes an option and its value wherever it stands (before `--`), returning the value.
    mutating func removeOption(_ option: String) throws -> String? {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        guard let index = words[..<end].firstIndex(of: option) else { return nil }
        guard index + 1 < end else { throw CLIError.usage("\(option) needs a value") }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
    }

    /// Removes a flag wherever it stands (before `--`), returning whether it was there.
    mutating func removeFlag(_ flag: String) -> Bool {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        guard let index = words[..<end].firstIndex(of: flag) else { return false }
        words.remove(at: index)
        return true
    }

    /// Reads the next word.
    mutating func next() -> String? {
        words.isEmpty ? nil : words.removeFirst()
    }

    /// Reads the value of an option.
    mutating func value(for option: String) throws -> String {
        guard let value = next() else { throw CLIError.usage("\(option) needs a value") }
        return value
    }

    /// Reads the value of an option as a number.
    mutating func number<Number: LosslessStringConvertible>(for option: String, as type: Number.Type = Number.self) throws -> Number {
        let text = try value(for: option)
        guard let number = Number(text) else { throw CLIError.usage("\(option) needs a number, got '\(text)'") }
        return number
    }
}
