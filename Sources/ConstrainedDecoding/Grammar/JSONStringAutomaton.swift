/// The byte automaton of one JSON string literal (quotes included) with exact UTF-8 and escapes.
///
/// It accepts raw UTF-8 (never an invalid or overlong sequence, never a surrogate), the escapes
/// `\" \\ \b \f \n \r \t` (not the redundant `\/`: a raw `/` says the same), `\uXXXX` outside the surrogates, and surrogate pairs
/// `\uD8xx\uDCxx`; it rejects raw control characters and lone surrogates. Entering ``body`` completes
/// one Unicode scalar, which is what `minLength`/`maxLength` count.
enum JSONStringAutomaton {
    static let start: Int32 = 0
    /// Inside the string at a character boundary.
    static let body: Int32 = 1
    /// After the closing quote.
    static let end: Int32 = 2
    static let stateCount = 24
    static let dead: UInt8 = 255

    /// `table[state * 256 + byte]`: the next state or ``dead``.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: dead, count: stateCount * 256)
        func set(_ state: Int, _ bytes: ClosedRange<Int>, _ target: Int) {
            for byte in bytes { table[state * 256 + byte] = UInt8(target) }
        }
        func set(_ state: Int, _ characters: String, _ target: Int) {
            for byte in characters.utf8 { table[state * 256 + Int(byte)] = UInt8(target) }
        }
        let (q0, b, end, e1, u1, u2, u2a, u2b, u3, u3a, u3b) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        let (x0, x1n, x1d, x2n, x2h, x3n, x3h) = (11, 12, 13, 14, 15, 16, 17)
        let (h0, h1, h2, h3, h4, h5) = (18, 19, 20, 21, 22, 23)
        _ = end
        set(q0, "\"", b)
        set(b, 0x20...0x7F, b)
        set(b, "\"", 2)
        set(b, "\\", e1)
        set(b, 0xC2...0xDF, u1)
        set(b, 0xE0...0xE0, u2a)
        set(b, 0xE1...0xEC, u2)
        set(b, 0xED...0xED, u2b)
        set(b, 0xEE...0xEF, u2)
        set(b, 0xF0...0xF0, u3a)
        set(b, 0xF1...0xF3, u3)
        set(b, 0xF4...0xF4, u3b)
        set(u1, 0x80...0xBF, b)
        set(u2, 0x80...0xBF, u1)
        set(u2a, 0xA0...0xBF, u1)
        set(u2b, 0x80...0x9F, u1)
        set(u3, 0x80...0xBF, u2)
        set(u3a, 0x90...0xBF, u2)
        set(u3b, 0x80...0x8F, u2)
        set(e1, "\"\\bfnrt", b)
        set(e1, "u", x0)
        let hex = "0123456789abcdefABCDEF"
        set(x0, "0123456789abcefABCEF", x1n)
        set(x0, "dD", x1d)
        set(x1n, hex, x2n)
        set(x1d, "01234567", x2n)
        set(x1d, "89abAB", x2h)
        set(x2n, hex, x3n)
        set(x3n, hex, b)
        set(x2h, hex, x3h)
        set(x3h, hex, h0)
        set(h0, "\\", h1)
        set(h1, "u", h2)
        set(h2, "dD", h3)
        set(h3, "cdefCDEF", h4)
        set(h4, hex, h5)
        set(h5, hex, b)
        return table
    }()

    @inline(__always)
    static func next(_ state: Int32, _ byte: UInt8) -> Int32 {
        let target = table[Int(state) &* 256 &+ Int(byte)]
        return target == dead ? -1 : Int32(target)
    }

    /// Whether leaving `state` on `byte` starts a new character (which must fit in `maxLength`).
    @inline(__always)
    static func startsCharacter(from state: Int32, byte: UInt8) -> Bool {
        state == body && byte != UInt8(ascii: "\"")
    }
}
