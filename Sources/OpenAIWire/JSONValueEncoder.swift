package import JSONValues

/// Encodes an `Encodable` value as a ``JSONValue``, keeping object members in the order they were
/// encoded.
///
/// Why not `JSONEncoder`: it writes an object's keys in hash order, and a JSON Schema's
/// `properties` order is the order in which a server's grammar (llama-server's, ours) generates
/// them. A ``JSONValue`` inside the encoded value is taken as it is (its numbers' text too), so a
/// schema reaches the body exactly as it was built. Synthesized conformances write members in
/// their declaration order and leave out `nil` optionals.
///
/// ```swift
/// let body = try JSONValueEncoder().encode(request).jsonText()
/// ```
package struct JSONValueEncoder {
    /// Creates an encoder.
    package init() {}

    /// The value as JSON.
    ///
    /// Integers are written with their digits, floating-point numbers as
    /// ``JSONValue/numberText(_:)`` writes them (`null` for NaN and infinity).
    ///
    /// - Throws: Whatever the value's `encode(to:)` throws; the encoder itself never does.
    package func encode(_ value: some Encodable) throws -> JSONValue {
        let node = EncodingNode()
        try node.encode(value, codingPath: [])
        return node.value
    }

    /// The JSON of a wire type, whose `encode(to:)` only writes to the encoder's containers (which
    /// never throw), so that it cannot fail.
    static func value(of value: some Encodable) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(value)
        } catch {
            preconditionFailure("a wire type's encoding threw: \(error)")
        }
    }
}

/// A value under construction: empty, a finished value, or an object or array whose members are
/// still being added (containers hold on to their node, so nested containers fill in later).
private final class EncodingNode {
    private enum Storage {
        case empty
        case value(JSONValue)
        case object([(key: String, node: EncodingNode)])
        case array([EncodingNode])
    }

    private var storage = Storage.empty

    /// The finished value; a node that nothing was written to is an empty object, as with `JSONEncoder`.
    var value: JSONValue {
        switch storage {
        case .empty: .object([])
        case .value(let value): value
        case .object(let members): .object(members.map { JSONMember($0.key, $0.node.value) })
        case .array(let elements): .array(elements.map(\.value))
        }
    }

    func set(_ value: JSONValue) { storage = .value(value) }

    func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        if let json = value as? JSONValue {
            storage = .value(json)
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    func becomeObject() {
        if case .object = storage { return }
        storage = .object([])
    }

    func becomeArray() {
        if case .array = storage { return }
        storage = .array([])
    }

    /// The child node under `key`, replacing one written before under the same key.
    func child(forKey key: String) -> EncodingNode {
        let node = EncodingNode()
        guard case .object(var members) = storage else { return node }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
        storage = .object(members)
        return node
    }

    /// A new last element.
    func appendChild() -> EncodingNode {
        let node = EncodingNode()
        guard case .array(var elements) = storage else { return node }
        elements.append(node)
        storage = .array(elements)
        return node
    }

    var count: Int {
        if case .array(let elements) = storage { return elements.count }
        return 0
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// The JSON of a primitive value that `Encodable` hands to a container.
private func primitive(_ value: some Encodable) -> JSONValue? {
    switch value {
    case let value as Bool: .bool(value)
    case let value as String: .string(value)
    case let value as Double: .number(JSONValue.numberText(value))
    case let value as Float: .number(JSONValue.numberText(Double(value)))
    case let value as any BinaryInteger: .number(String(value))
    default: nil
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.child(forKey: key.stringValue).set(.null)
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        let child = node.child(forKey: key.stringValue)
        if let json = primitive(value) {
            child.set(json)
        } else {
            try child.encode(value, codingPath: codingPath + [key])
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws {
        node.appendChild().set(.null)
    }

    mutating func encode(_ value: some Encodable) throws {
        let child = node.appendChild()
        if let json = primitive(value) {
            child.set(json)
        } else {
            try child.encode(value, codingPath: codingPath)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.appendChild()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appendChild()
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode(_ value: some Encodable) throws {
        if let json = primitive(value) {
            node.set(json)
        } else {
            try node.encode(value, codingPath: codingPath)
        }
    }
}
