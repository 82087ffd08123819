/// An exact decimal number, read from JSON number text, for comparing schema bounds.
///
/// `Double` cannot tell `0.1` from its nearest binary value; the number-range automata compare digit
/// strings, so bounds are kept exactly as integer and fraction digits.
struct DecimalNumber: Hashable, Comparable, Sendable {
    /// Whether the number is below zero (never set for zero).
    var isNegative: Bool
    /// Integer-part digits (0–9), without leading zeros; empty for zero.
    var integerDigits: [UInt8]
    /// Fraction digits (0–9), without trailing zeros.
    var fractionDigits: [UInt8]

    var isInteger: Bool { fractionDigits.isEmpty }
    var isZero: Bool { integerDigits.isEmpty && fractionDigits.isEmpty }

    init(isNegative: Bool, integerDigits: [UInt8], fractionDigits: [UInt8]) {
        var integer = integerDigits
        while let first = integer.first, first == 0 { integer.removeFirst() }
        var fraction = fractionDigits
        while let last = fraction.last, last == 0 { fraction.removeLast() }
        self.integerDigits = integer
        self.fractionDigits = fraction
        self.isNegative = isNegative && !(integer.isEmpty && fraction.isEmpty)
    }

    /// Parses JSON number text (an exponent is applied exactly); nil for malformed or huge exponents.
    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() } else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent = 0
        var seenDot = false
        var sawDigit = false
        while let byte = bytes.first {
            if byte >= 0x30, byte <= 0x39 {
                sawDigit = true
                if seenDot { fraction.append(byte - 0x30) } else { integer.append(byte - 0x30) }
            } else if byte == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)), abs(value) < 400 else {
                    return nil
                }
                exponent = value
                break
            } else {
                return nil
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if exponent > 0 {
            for _ in 0..<exponent { integer.append(fraction.isEmpty ? 0 : fraction.removeFirst()) }
        } else if exponent < 0 {
            for _ in 0..<(-exponent) { fraction.insert(integer.isEmpty ? 0 : integer.removeLast(), at: 0) }
        }
        self.init(isNegative: negative, integerDigits: integer, fractionDigits: fraction)
    }

    init(_ value: Int) {
        var digits: [UInt8] = []
        var magnitude = value.magnitude
        while magnitude > 0 { digits.insert(UInt8(magnitude % 10), at: 0); magnitude /= 10 }
        self.init(isNegative: value < 0, integerDigits: digits, fractionDigits: [])
    }

    var negated: DecimalNumber {
        DecimalNumber(isNegative: !isNegative, integerDigits: integerDigits, fractionDigits: fractionDigits)
    }

    /// The magnitude of this number.
    var magnitude: DecimalNumber {
        DecimalNumber(isNegative: false, integerDigits: integerDigits, fractionDigits: fractionDigits)
    }

    /// The largest integer ≤ self.
    var floor: DecimalNumber {
        if isInteger { return self }
        if isNegative { return DecimalNumber(isNegative: true, integerDigits: DecimalNumber.increment(integerDigits), fractionDigits: []) }
        return DecimalNumber(isNegative: false, integerDigits: integerDigits, fractionDigits: [])
    }

    /// self + 1 for integers.
    var successor: DecimalNumber {
        if isNegative { return negated.predecessorOfPositive.negated }
        return DecimalNumber(isNegative: false, integerDigits: DecimalNumber.increment(integerDigits), fractionDigits: [])
    }

    private var predecessorOfPositive: DecimalNumber {
        var digits = integerDigits
        var position = digits.count - 1
        while position >= 0 {
            if digits[position] > 0 { digits[position] -= 1; break }
            digits[position] = 9
            position -= 1
        }
        return DecimalNumber(isNegative: false, integerDigits: digits, fractionDigits: [])
    }

    private static func increment(_ digits: [UInt8]) -> [UInt8] {
        var result = digits
        var position = result.count - 1
        while position >= 0 {
            if result[position] < 9 { result[position] += 1; return result }
            result[position] = 0
            position -= 1
        }
        result.insert(1, at: 0)
        return result
    }

    static func compareMagnitude(_ a: DecimalNumber, _ b: DecimalNumber) -> Int {
        if a.integerDigits.count != b.integerDigits.count { return a.integerDigits.count < b.integerDigits.count ? -1 : 1 }
        for (x, y) in zip(a.integerDigits, b.integerDigits) where x != y { return x < y ? -1 : 1 }
        let length = max(a.fractionDigits.count, b.fractionDigits.count)
        for position in 0..<length {
            let x = position < a.fractionDigits.count ? a.fractionDigits[position] : 0
            let y = position < b.fractionDigits.count ? b.fractionDigits[position] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    static func < (a: DecimalNumber, b: DecimalNumber) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        let order = compareMagnitude(a, b)
        return a.isNegative ? order > 0 : order < 0
    }

    /// Plain decimal text, for example `-12.5` or `0`.
    var text: String {
        var result = isNegative ? "-" : ""
        result += integerDigits.isEmpty ? "0" : String(integerDigits.map { Character(String($0)) })
        if !fractionDigits.isEmpty { result += "." + String(fractionDigits.map { Character(String($0)) }) }
        return result
    }
}
