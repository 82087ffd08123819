/// Keeps every JSON object in the output free of repeated keys, a rule of JSON that a grammar
/// cannot state where keys are free (`additionalProperties`).
///
/// The guard follows the output's bytes with a small JSON scanner: the open containers, for each
/// object the keys written so far, and whether the bytes are inside a key. While a key is being
/// written, ``forbiddenContinuations`` names, for each earlier key of the same object that the key
/// so far is a prefix of, the bytes that would finish it as that key (the rest of it and the
/// closing quote); the constraint takes every token that starts with them out of the mask. A key
/// is compared as written (its escapes included), which is how models write keys.
///
/// Bytes outside any container are skipped (a tool-call tag around the JSON, for example), except
/// that a string there is followed so that braces inside it are not taken for an object.
struct DuplicateKeyGuard {
    private enum Container {
        /// An object: the keys written so far, and whether a key comes next.
        case object(keys: Set<[UInt8]>, expectsKey: Bool)
        case array
    }

    private var containers: [Container] = []
    /// Inside a string: its bytes so far (kept only for a key), whether it is a key, and whether
    /// the last byte was an escaping backslash.
    private var string: (bytes: [UInt8], isKey: Bool, escaped: Bool)?

    /// Whether an open object has a key yet (else no token can repeat one).
    var hasKeys: Bool {
        containers.contains { if case .object(let keys, _) = $0 { !keys.isEmpty } else { false } }
    }

    /// Whether the bytes so far stop inside a key.
    var isInsideKey: Bool { string?.isKey == true }

    /// Follows `bytes`; returns false, at the byte that closes it, when they finish a key that the
    /// object already has (the guard's state is then past that key: check on a copy first).
    mutating func advance(_ bytes: some Sequence<UInt8>) -> Bool {
        var unique = true
        for byte in bytes where !advance(byte) { unique = false }
        return unique
    }

    /// Whether `bytes` would be followed without repeating a key; nothing is recorded.
    func allows(_ bytes: some Sequence<UInt8>) -> Bool {
        var copy = self
        return copy.advance(bytes)
    }

    /// The byte strings that must not come next: each finishes the key being written as a key its
    /// object already has. Empty outside a key.
    var forbiddenContinuations: [[UInt8]] {
        guard let string, string.isKey, case .object(let keys, _)? = containers.last else { return [] }
        var result: [[UInt8]] = []
        for key in keys where key.count >= string.bytes.count && key.starts(with: string.bytes) {
            result.append(Array(key[string.bytes.count...]) + [UInt8(ascii: "\"")])
        }
        return result
    }

    private mutating func advance(_ byte: UInt8) -> Bool {
        if var current = string {
            string = nil  // so that appending to the key's bytes does not copy them
            if current.escaped {
                current.escaped = false
            } else if byte == UInt8(ascii: "\\") {
                current.escaped = true
            } else if byte == UInt8(ascii: "\"") {
                return current.isKey ? record(key: current.bytes) : true
            }
            if current.isKey { current.bytes.append(byte) }
            string = current
            return true
        }
        switch byte {
        case UInt8(ascii: "\""):
            if case .object(_, true)? = containers.last {
                string = ([], true, false)
            } else {
                string = ([], false, false)
            }
        case UInt8(ascii: "{"):
            containers.append(.object(keys: [], expectsKey: true))
        case UInt8(ascii: "["):
            containers.append(.array)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !containers.isEmpty { containers.removeLast() }
        case UInt8(ascii: ":"):
            setExpectsKey(false)
        case UInt8(ascii: ","):
            setExpectsKey(true)
        default:
            break
        }
        return true
    }

    /// Adds `key` to the innermost object; false when it was there already.
    private mutating func record(key: [UInt8]) -> Bool {
        guard case .object(var keys, _)? = containers.last else { return true }
        containers[containers.count - 1] = .array  // drops the set's reference, so it is not copied
        let inserted = keys.insert(key).inserted
        containers[containers.count - 1] = .object(keys: keys, expectsKey: false)
        return inserted
    }

    private mutating func setExpectsKey(_ expectsKey: Bool) {
        guard case .object(let keys, _)? = containers.last else { return }
        containers[containers.count - 1] = .object(keys: keys, expectsKey: expectsKey)
    }
}
