/// An `Encoder` that builds a `JSONValue`, with JSONEncoder's rules (its default strategies): a whole number
/// written without `.0`, a number that is not finite refused, a key encoded twice keeping its first place and its
/// last value, a value that encodes nothing written as `{}`.
struct JSONValueEncoder: Encoder {
    /// One value of the tree under construction: containers share it, so that what they encode lands in it.
    final class Node {
        var primitive: JSONValue?
        var elements: [Node]?
        var members: [(key: String, node: Node)]?

        var value: JSONValue {
            if let elements { return .array(elements.map(\.value)) }
            if let members { return .object(members.map { ($0.key, $0.node.value) }) }
            return primitive ?? .object([])
        }

        /// The node of `key`, a new one the first time.
        func member(_ key: String) -> Node {
            if members == nil { members = [] }
            if let found = members?.last(where: { $0.key == key }) {
                // Encoded again: the new value replaces the old, as a dictionary's would.
                found.node.primitive = nil
                found.node.elements = nil
                found.node.members = nil
                return found.node
            }
            let node = Node()
            members?.append((key, node))
            return node
        }

        func element() -> Node {
            let node = Node()
            if elements == nil { elements = [] }
            elements?.append(node)
            return node
        }
    }

    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `value` as a JSON value.
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = Node()
        try value.encode(to: JSONValueEncoder(node: root, codingPath: []))
        return root.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [] }
        return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

    private struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        private func put(_ value: JSONValue) { node.primitive = value }

        private func number<F: FloatingPoint & CustomStringConvertible>(_ value: F) throws {
            guard value.isFinite else {
                let reason = "Unable to encode \(value) directly in JSON."
                throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: reason))
            }
            let text = value.description
            put(.number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text))
        }

        mutating func encodeNil() { put(.null) }
        mutating func encode(_ value: Bool) { put(.bool(value)) }
        mutating func encode(_ value: String) { put(.string(value)) }
        mutating func encode(_ value: Double) throws { try number(value) }
        mutating func encode(_ value: Float) throws { try number(value) }
        mutating func encode(_ value: Int) { put(.number(String(value))) }
        mutating func encode(_ value: Int8) { put(.number(String(value))) }
        mutating func encode(_ value: Int16) { put(.number(String(value))) }
        mutating func encode(_ value: Int32) { put(.number(String(value))) }
        mutating func encode(_ value: Int64) { put(.number(String(value))) }
        mutating func encode(_ value: UInt) { put(.number(String(value))) }
        mutating func encode(_ value: UInt8) { put(.number(String(value))) }
        mutating func encode(_ value: UInt16) { put(.number(String(value))) }
        mutating func encode(_ value: UInt32) { put(.number(String(value))) }
        mutating func encode(_ value: UInt64) { put(.number(String(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: JSONValueEncoder(node: node, codingPath: codingPath))
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        /// Every value goes through its own `encode(to:)`, which ends in `Single` for the primitive ones.
        private func put<T: Encodable>(_ value: T, _ key: Key) throws {
            try value.encode(to: JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]))
        }

        mutating func encodeNil(forKey key: Key) { node.member(key.stringValue).primitive = .null }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
            return nested.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONValueEncoder(node: node.member("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.elements?.count ?? 0 }

        private func next() -> JSONValueEncoder {
            let path = codingPath + [JSONIndexKey(count)]
            return JSONValueEncoder(node: node.element(), codingPath: path)
        }

        private func put<T: Encodable>(_ value: T) throws { try value.encode(to: next()) }

        mutating func encodeNil() { node.element().primitive = .null }
        mutating func encode(_ value: Bool) throws { try put(value) }
        mutating func encode(_ value: String) throws { try put(value) }
        mutating func encode(_ value: Double) throws { try put(value) }
        mutating func encode(_ value: Float) throws { try put(value) }
        mutating func encode(_ value: Int) throws { try put(value) }
        mutating func encode(_ value: Int8) throws { try put(value) }
        mutating func encode(_ value: Int16) throws { try put(value) }
        mutating func encode(_ value: Int32) throws { try put(value) }
        mutating func encode(_ value: Int64) throws { try put(value) }
        mutating func encode(_ value: UInt) throws { try put(value) }
        mutating func encode(_ value: UInt8) throws { try put(value) }
        mutating func encode(_ value: UInt16) throws { try put(value) }
        mutating func encode(_ value: UInt32) throws { try put(value) }
        mutating func encode(_ value: UInt64) throws { try put(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            next().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { next() }
    }
}
