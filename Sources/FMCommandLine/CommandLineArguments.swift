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
