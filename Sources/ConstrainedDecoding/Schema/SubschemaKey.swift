import JSONValues

/// A subschema as a dictionary key, for remembering what it compiled to.
///
/// Schemas that make `oneOf` branches exclusive or merge `allOf` parts build large values that
/// share their parts in memory; written out, one of them can take more than 100 MB. Hashing such a
/// value whole on every lookup would cost more than compiling it, so the hash reads only its first
/// levels (a few members or elements at each), and equality, which settles the matches, compares
/// the whole value; parts shared in memory compare equal at once (arrays with the same storage).
struct SubschemaKey: Hashable {
    let schema: JSONValue

    /// How many levels, and how many members or elements of each, the hash reads.
    static let hashedLevels = 3
    static let hashedWidth = 8

    static func == (left: SubschemaKey, right: SubschemaKey) -> Bool { left.schema == right.schema }

    func hash(into hasher: inout Hasher) { Self.combine(schema, levels: Self.hashedLevels, into: &hasher) }

    private static func combine(_ value: JSONValue, levels: Int, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let flag): hasher.combine(flag ? 1 as UInt8 : 2)
        case .number(let text):
            hasher.combine(3 as UInt8)
            hasher.combine(text)
        case .string(let text):
            hasher.combine(4 as UInt8)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(5 as UInt8)
            hasher.combine(elements.count)
            guard levels > 0 else { return }
            for element in elements.prefix(hashedWidth) { combine(element, levels: levels - 1, into: &hasher) }
        case .object(let members):
            hasher.combine(6 as UInt8)
            hasher.combine(members.count)
            guard levels > 0 else { return }
            for member in members.prefix(hashedWidth) {
                hasher.combine(member.key)
                combine(member.value, levels: levels - 1, into: &hasher)
            }
        }
    }
}
