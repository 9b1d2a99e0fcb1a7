/// A `JSONValue` as a `Decoder`, with JSONDecoder's rules (its default strategies): a number decodes as an integer
/// when it is one exactly (`2.0` as 2; `2.5` not at all), a floating-point number must fit, a string, a bool and
/// null are only themselves, and `decodeIfPresent` gives nil for a missing key and for null.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self) }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected \(type), found \(value)."))
    }

    /// The value as one of the types JSON has a value for, or the error JSONDecoder throws.
    func primitive<T>(_ type: T.Type) throws -> T {
        if case .null = value {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Found null."))
        }
        if T.self == String.self, case .string(let s) = value { return s as! T }
        if T.self == Bool.self, case .bool(let b) = value { return b as! T }
        guard case .number(let text) = value else { throw mismatch(type) }
        let number: T?
        switch type {
        case is Double.Type: number = Double(text).flatMap { $0.isFinite ? $0 as? T : nil }
        case is Float.Type: number = Double(text).flatMap { Float($0).isFinite ? Float($0) as? T : nil }
        case is Int.Type: number = integer(text, Int.self) as? T
        case is Int8.Type: number = integer(text, Int8.self) as? T
        case is Int16.Type: number = integer(text, Int16.self) as? T
        case is Int32.Type: number = integer(text, Int32.self) as? T
        case is Int64.Type: number = integer(text, Int64.self) as? T
        case is UInt.Type: number = integer(text, UInt.self) as? T
        case is UInt8.Type: number = integer(text, UInt8.self) as? T
        case is UInt16.Type: number = integer(text, UInt16.self) as? T
        case is UInt32.Type: number = integer(text, UInt32.self) as? T
        case is UInt64.Type: number = integer(text, UInt64.self) as? T
        default: throw mismatch(type)
        }
        guard let number else {
            let reason = "Parsed JSON number <\(text)> does not fit in \(T.self)."
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: reason))
        }
        return number
    }

    /// Digits read as they are; a fraction or an exponent through Double, when that is the integer exactly.
    private func integer<I: FixedWidthInteger>(_ text: String, _ type: I.Type) -> I? {
        I(text, radix: 10) ?? Double(text).flatMap { I(exactly: $0) }
    }

    func child(_ value: JSONValue, _ key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value, codingPath: codingPath + [key])
    }

    private struct Single: SingleValueDecodingContainer {
        let decoder: JSONValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.primitive(type) }
        func decode(_ type: String.Type) throws -> String { try decoder.primitive(type) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.primitive(type) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.primitive(type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.primitive(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.primitive(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.primitive(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.primitive(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.primitive(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.primitive(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.primitive(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.primitive(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.primitive(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.primitive(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, value: JSONValue)]
        let codingPath: [any CodingKey]

        var allKeys: [Key] {
            var seen = Set<String>()
            return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
        }

        func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

        private func decoder(_ key: Key) throws -> JSONValueDecoder {
            guard let value = members.first(where: { $0.key == key.stringValue })?.value else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
            }
            return JSONValueDecoder(value, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).value == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).primitive(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).primitive(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).primitive(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).primitive(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).primitive(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).primitive(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).primitive(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).primitive(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).primitive(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).primitive(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).primitive(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).primitive(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).primitive(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).primitive(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(key)) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            JSONValueDecoder(members.first { $0.key == "super" }?.value ?? .null, codingPath: codingPath)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoder(members.first { $0.key == key.stringValue }?.value ?? .null, codingPath: codingPath)
        }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        init(elements: [JSONValue], codingPath: [any CodingKey]) {
            self.elements = elements
            self.codingPath = codingPath
        }

        /// The next element's decoder; the index moves on only when `read` succeeds, as JSONDecoder's does.
        private mutating func next<T>(_ type: T.Type, _ read: (JSONValueDecoder) throws -> T) throws -> T {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
            }
            let path = codingPath + [JSONIndexKey(currentIndex)]
            let value = try read(JSONValueDecoder(elements[currentIndex], codingPath: path))
            currentIndex += 1
            return value
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.primitive(type) } }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.primitive(type) } }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try T(from: $0) } }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
        }

        mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) { $0 } }
    }
}
