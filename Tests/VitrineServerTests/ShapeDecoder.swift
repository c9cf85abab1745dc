/// What a `Decodable` type reads, as a tree: each key's JSON type, whether it may be missing or null, and
/// the Swift integer width behind each number.
///
/// It is recorded by running the type's own `init(from:)` (synthesized or hand-written) against
/// `ShapeDecoder`, so custom coding keys and hand-written decoders are seen as they are, not as the stored
/// properties suggest.
final class Shape {
    enum Kind: Equatable {
        case unknown, string, integer, int64, number, boolean, object
        /// Read element after element until `isAtEnd`: a JSON array of `elements[0]`.
        case array
        /// A fixed sequence of reads: a JSON array whose positions are `elements`.
        case tuple
    }

    var kind = Kind.unknown
    /// An object's keys in first-read order, each with its shape and whether it was read as optional
    /// (`contains`, `decodeNil` or `decodeIfPresent`).
    var fields: [(key: String, shape: Shape, optional: Bool)] = []
    var elements: [Shape] = []

    func field(_ key: String) -> Shape {
        if let index = fields.firstIndex(where: { $0.key == key }) { return fields[index].shape }
        let shape = Shape()
        fields.append((key, shape, false))
        return shape
    }

    func markOptional(_ key: String) {
        _ = field(key)
        if let index = fields.firstIndex(where: { $0.key == key }) { fields[index].optional = true }
    }

    /// The shape of `type`, read from a value it decodes with every optional present.
    static func of<T: Decodable>(_ type: T.Type) throws -> Shape {
        let shape = Shape()
        _ = try ShapeDecoder.value(type, shape: shape, filled: true)
        return shape
    }
}

/// A decoder without input that answers every read with a sample value and records the read in a `Shape`.
/// `filled` decides the optionals: present (every optional set) or absent (none).
struct ShapeDecoder: Decoder {
    let shape: Shape
    let filled: Bool
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct Unsupported: Error, CustomStringConvertible {
        let type: Any.Type
        var description: String { "no sample for \(type)" }
    }

    /// A value of `type`: a sample for the JSON scalars, else the type's own decoding over a child decoder.
    static func value<T: Decodable>(_ type: T.Type, shape: Shape, filled: Bool) throws -> T {
        let sample: Any
        switch type {
        case is String.Type: (shape.kind, sample) = (.string, "text")
        case is Int.Type: (shape.kind, sample) = (.integer, 7)
        case is Int64.Type: (shape.kind, sample) = (.int64, Int64(7))
        case is Double.Type: (shape.kind, sample) = (.number, 2.5)
        case is Bool.Type: (shape.kind, sample) = (.boolean, true)
        case is Int8.Type, is Int16.Type, is Int32.Type, is UInt.Type, is UInt8.Type, is UInt16.Type,
            is UInt32.Type, is UInt64.Type, is Float.Type:
            throw Unsupported(type: type)
        default: return try T(from: ShapeDecoder(shape: shape, filled: filled))
        }
        guard let value = sample as? T else { throw Unsupported(type: type) }
        return value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        shape.kind = .object
        return KeyedDecodingContainer(Keyed<Key>(shape: shape, filled: filled))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        shape.kind = .tuple
        return Unkeyed(shape: shape, filled: filled)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(shape: shape, filled: filled) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let shape: Shape
        let filled: Bool
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool {
            shape.markOptional(key.stringValue)
            return filled
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            shape.markOptional(key.stringValue)
            return !filled
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }

        func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
            try ShapeDecoder.value(type, shape: shape.field(key.stringValue), filled: filled)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try ShapeDecoder(shape: shape.field(key.stringValue), filled: filled).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ShapeDecoder(shape: shape.field(key.stringValue), filled: filled).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { ShapeDecoder(shape: shape, filled: filled) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            ShapeDecoder(shape: shape.field(key.stringValue), filled: filled)
        }
    }

    /// One element when `filled` (so its shape is recorded), none otherwise.
    struct Unkeyed: UnkeyedDecodingContainer {
        let shape: Shape
        let filled: Bool
        var codingPath: [any CodingKey] { [] }
        var count: Int? { nil }
        var currentIndex = 0

        var isAtEnd: Bool {
            shape.kind = .array
            return currentIndex >= (filled ? 1 : 0)
        }

        mutating func next() -> Shape {
            if currentIndex == shape.elements.count { shape.elements.append(Shape()) }
            defer { currentIndex += 1 }
            return shape.elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
        mutating func decode(_ type: String.Type) throws -> String { try read(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

        mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
            try ShapeDecoder.value(type, shape: next(), filled: filled)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try ShapeDecoder(shape: next(), filled: filled).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try ShapeDecoder(shape: next(), filled: filled).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { ShapeDecoder(shape: next(), filled: filled) }
    }

    struct Single: SingleValueDecodingContainer {
        let shape: Shape
        let filled: Bool
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
        func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
        func decode(_ type: String.Type) throws -> String { try read(type) }
        func decode(_ type: Double.Type) throws -> Double { try read(type) }
        func decode(_ type: Float.Type) throws -> Float { try read(type) }
        func decode(_ type: Int.Type) throws -> Int { try read(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

        func read<T: Decodable>(_ type: T.Type) throws -> T {
            try ShapeDecoder.value(type, shape: shape, filled: filled)
        }
    }
}
