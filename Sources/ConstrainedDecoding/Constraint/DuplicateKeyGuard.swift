/// Keeps every JSON object in the output free of repeated keys, a rule of JSON that a grammar
/// cannot state where keys are free (`additionalProperties`), and the items of arrays marked
/// unique (`uniqueItems` over scalar items) free of repeats, which a grammar cannot state either.
///
/// The guard follows the output's bytes with a small JSON scanner: the open containers, for each
/// object the keys written so far, for each array its finished scalar items and the one being
/// written, and whether the bytes are inside a string. While a key is being written,
/// ``forbiddenContinuations`` names, for each earlier key of the same object that the key so far
/// is a prefix of, the bytes that would finish it as that key (the rest of it and the closing
/// quote); in an array marked unique (``markInnermostArrayUnique()``), it names the bytes that
/// would finish the item as an earlier one (for a string the rest and the quote, for a number or
/// literal the rest and whatever ends it). The constraint takes every token that starts with them
/// out of the mask. Keys and items are compared as written (escapes included), which is how
/// models write them.
///
/// Bytes outside any container are skipped (a tool-call tag around the JSON, for example), except
/// that a string there is followed so that braces inside it are not taken for an object.
struct DuplicateKeyGuard {
    private enum Container {
        /// An object: the keys written so far, and whether a key comes next.
        case object(keys: Set<[UInt8]>, expectsKey: Bool)
        /// An array: whether its items must be distinct and, only then (other arrays cost nothing),
        /// its finished scalar items and the item being written (nil between items); an item
        /// holding a container is not recorded.
        case array(ArrayItems)
    }

    private struct ArrayItems {
        var finished: Set<[UInt8]> = []
        var current: [UInt8]? = nil
        var holdsContainer = false
        var unique = false
    }

    /// The bytes that end a number or a literal item.
    private static let itemEnds: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: " "), 0x0A, 0x0D, 0x09]

    private var containers: [Container] = []
    /// Inside a string: its bytes so far (kept only for a key or an array item), what it is, and
    /// whether the last byte was an escaping backslash.
    private var string: (bytes: [UInt8], kind: StringKind, escaped: Bool)?

    private enum StringKind {
        case key, item, other
    }

    /// Whether an open object has a key yet, or an array marked unique has an item (else no token
    /// can repeat one).
    var hasKeys: Bool {
        containers.contains { container in
            switch container {
            case .object(let keys, _): !keys.isEmpty
            case .array(let items): items.unique && !items.finished.isEmpty
            }
        }
    }

    /// Whether the bytes so far stop inside a key, or where an item of an array marked unique may
    /// be finished.
    var isInsideKey: Bool {
        if string?.kind == .key { return true }
        if case .array(let items)? = containers.last { return items.unique && !items.finished.isEmpty }
        return false
    }

    /// Whether the innermost open container is an array marked unique.
    var isInUniqueArray: Bool {
        if case .array(let items)? = containers.last { return items.unique }
        return false
    }

    /// Whether an item of the innermost array is being written (begun and not finished).
    var isWritingItem: Bool {
        guard case .array(let items)? = containers.last, !items.holdsContainer else { return false }
        if let string { return string.kind == .item }
        return items.current != nil
    }

    /// In an array marked unique, the rest of each finished item that the item being written is a
    /// prefix of (the ways it could become a repeat).
    var repeatRests: [[UInt8]] {
        guard case .array(let items)? = containers.last, items.unique, !items.holdsContainer else { return [] }
        let soFar: [UInt8]
        if let string {
            guard string.kind == .item else { return [] }
            soFar = [UInt8(ascii: "\"")] + string.bytes
        } else {
            soFar = items.current ?? []
        }
        return items.finished.filter { $0.count > soFar.count && $0.starts(with: soFar) }.map { Array($0[soFar.count...]) }
    }

    /// Marks the innermost open container, when it is an array, as one whose items must be
    /// distinct (the grammar knows which arrays are; the constraint tells the guard).
    mutating func markInnermostArrayUnique() {
        guard case .array(var items)? = containers.last, !items.unique else { return }
        items.unique = true
        containers[containers.count - 1] = .array(items)
    }

    /// Follows `bytes`; returns false, at the byte that closes it, when they finish a key that the
    /// object already has or an item that its unique array already has (the guard's state is then
    /// past it: check on a copy first).
    mutating func advance(_ bytes: some Sequence<UInt8>) -> Bool {
        var unique = true
        for byte in bytes where !advance(byte) { unique = false }
        return unique
    }

    /// Whether `bytes` would be followed without repeating a key or a unique item; nothing is recorded.
    func allows(_ bytes: some Sequence<UInt8>) -> Bool {
        var copy = self
        return copy.advance(bytes)
    }

    /// The byte strings that must not come next: each finishes the key being written as a key its
    /// object already has, or the item being written as an item its unique array already has.
    var forbiddenContinuations: [[UInt8]] {
        if let string, string.kind == .key, case .object(let keys, _)? = containers.last {
            var result: [[UInt8]] = []
            for key in keys where key.count >= string.bytes.count && key.starts(with: string.bytes) {
                result.append(Array(key[string.bytes.count...]) + [UInt8(ascii: "\"")])
            }
            return result
        }
        guard case .array(let items)? = containers.last, items.unique, !items.holdsContainer else { return [] }
        let soFar: [UInt8]
        if let string {
            guard string.kind == .item else { return [] }
            soFar = [UInt8(ascii: "\"")] + string.bytes
        } else {
            soFar = items.current ?? []
        }
        var result: [[UInt8]] = []
        for item in items.finished where item.count >= soFar.count && item.starts(with: soFar) {
            let rest = Array(item[soFar.count...])
            if item.first == UInt8(ascii: "\"") {
                if !rest.isEmpty { result.append(rest) }
            } else {
                for end in Self.itemEnds { result.append(rest + [end]) }
            }
        }
        return result
    }

    private mutating func advance(_ byte: UInt8) -> Bool {
        if var current = string {
            string = nil  // so that appending to the string's bytes does not copy them
            if current.escaped {
                current.escaped = false
            } else if byte == UInt8(ascii: "\\") {
                current.escaped = true
            } else if byte == UInt8(ascii: "\"") {
                switch current.kind {
                case .key: return record(key: current.bytes)
                case .item: return finishItem([UInt8(ascii: "\"")] + current.bytes + [UInt8(ascii: "\"")])
                case .other: return true
                }
            }
            if current.kind != .other { current.bytes.append(byte) }
            string = current
            return true
        }
        if case .array(var items)? = containers.last, items.current != nil, !items.holdsContainer,
            !Self.itemEnds.contains(byte), byte != UInt8(ascii: "{"), byte != UInt8(ascii: "["), byte != UInt8(ascii: "\"")
        {
            // A number or a literal goes on.
            containers[containers.count - 1] = .array(ArrayItems())
            items.current?.append(byte)
            containers[containers.count - 1] = .array(items)
            return true
        }
        switch byte {
        case UInt8(ascii: "\""):
            switch containers.last {
            case .object(_, true)?: string = ([], .key, false)
            case .array(let items)? where items.unique && !items.holdsContainer && items.current == nil:
                startItem()
                string = ([], .item, false)
            default: string = ([], .other, false)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if case .array(var items)? = containers.last {
                items.holdsContainer = true
                containers[containers.count - 1] = .array(items)
            }
            containers.append(byte == UInt8(ascii: "{") ? .object(keys: [], expectsKey: true) : .array(ArrayItems()))
        case UInt8(ascii: "}"):
            if !containers.isEmpty { containers.removeLast() }
        case UInt8(ascii: "]"):
            let unique = endItem()
            if !containers.isEmpty { containers.removeLast() }
            return unique
        case UInt8(ascii: ":"):
            setExpectsKey(false)
        case UInt8(ascii: ","):
            if case .array = containers.last {
                let unique = endItem()
                if case .array(var items)? = containers.last {
                    items.holdsContainer = false
                    containers[containers.count - 1] = .array(items)
                }
                return unique
            }
            setExpectsKey(true)
        case UInt8(ascii: " "), 0x0A, 0x0D, 0x09:
            break
        default:
            // The first byte of a number or a literal item.
            if case .array(let items)? = containers.last, items.unique, !items.holdsContainer, items.current == nil {
                startItem()
                if case .array(var items)? = containers.last {
                    items.current = [byte]
                    containers[containers.count - 1] = .array(items)
                }
            }
        }
        return true
    }

    /// An item starts in the innermost array.
    private mutating func startItem() {
        guard case .array(var items)? = containers.last else { return }
        items.current = []
        containers[containers.count - 1] = .array(items)
    }

    /// A string item closed: records it whole.
    private mutating func finishItem(_ bytes: [UInt8]) -> Bool {
        finishCurrentItem(recording: bytes)
    }

    /// The item being written ends (a separator or the array's end): a number or literal is
    /// recorded; a string was recorded at its closing quote.
    private mutating func endItem() -> Bool {
        guard case .array(let items)? = containers.last, let current = items.current else { return true }
        return finishCurrentItem(recording: items.holdsContainer || current.isEmpty ? nil : current)
    }

    /// Ends the innermost array's current item, recording `bytes` as a finished item; false when
    /// the array is unique and had that item already.
    private mutating func finishCurrentItem(recording bytes: [UInt8]?) -> Bool {
        guard case .array(var items)? = containers.last else { return true }
        containers[containers.count - 1] = .array(ArrayItems())  // drops the set's reference, so it is not copied
        items.current = nil
        let inserted = bytes.map { items.finished.insert($0).inserted } ?? true
        containers[containers.count - 1] = .array(items)
        return inserted || !items.unique
    }

    /// Adds `key` to the innermost object; false when it was there already.
    private mutating func record(key: [UInt8]) -> Bool {
        guard case .object(var keys, _)? = containers.last else { return true }
        containers[containers.count - 1] = .array(ArrayItems())  // drops the set's reference, so it is not copied
        let inserted = keys.insert(key).inserted
        containers[containers.count - 1] = .object(keys: keys, expectsKey: false)
        return inserted
    }

    private mutating func setExpectsKey(_ expectsKey: Bool) {
        guard case .object(let keys, _)? = containers.last else { return }
        containers[containers.count - 1] = .object(keys: keys, expectsKey: expectsKey)
    }
}
