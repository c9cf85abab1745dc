import Foundation
import ServerTestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Every schema of the OpenAPI document against the `VitrineAPI` type that carries it: the same keys, the
/// same optionality, the same JSON types and integer widths. The type's side is read from its own
/// `Decodable` (`ShapeDecoder`), and its encodings (`JSONEncoder`, and the server's `JSONWriter` where it has
/// one) are held against the schema with every optional present and with none.
@Suite struct WireSchemaTests {
    /// Each wire schema and the type that encodes it.
    static let wireTypes: [(schema: String, type: any Codable.Type)] = [
        ("Error", APIErrorBody.self), ("VariantInfo", VariantInfo.self), ("Placeholder", Placeholder.self),
        ("VideoVariant", VideoVariant.self),
        ("PhotoSummary", PhotoSummary.self), ("PhotoPage", PhotoPage.self), ("PhotoDetailPage", PhotoDetailPage.self),
        ("Timeline", Timeline.self), ("PhotoDetail", PhotoDetail.self), ("TagList", TagList.self),
        ("PhotoEdit", PhotoEdit.self), ("UploadResult", UploadResult.self), ("ChangeMessage", ChangeMessage.self),
        ("SessionInfo", SessionInfo.self), ("TrashItem", TrashItem.self), ("TrashList", TrashList.self),
        ("PhotoIDs", PhotoIDs.self), ("RestoreResult", RestoreResult.self), ("Album", Album.self),
        ("AlbumList", AlbumList.self), ("AlbumChange", AlbumChange.self), ("Selection", Selection.self),
        ("SetChange", SetChange.self), ("LinkChange", LinkChange.self), ("ShareLink", ShareLink.self),
        ("LinkList", LinkList.self), ("LinkInfo", LinkInfo.self), ("LinkPasswordBody", LinkPasswordBody.self),
        ("LinkUploadResult", LinkUploadResult.self),
        ("JobQueueStatus", JobQueueStatus.self), ("JobCountItem", JobCountItem.self), ("JobItem", JobItem.self),
        ("JobRetry", JobRetry.self), ("JobRetryResult", JobRetryResult.self),
    ]

    /// Schemas with no `VitrineAPI` type, and why: values the types hold as strings, answers built without a
    /// wire type, and the compatibility routes' and keys' answers, which their own modules encode.
    static let notWireTypes: Set<String> = [
        "PhotoID", "Timestamp", "UTCTimestamp",  // string formats of the types' fields
        "RangeEnd",  // a selection range's end: a time, then an id (`Selection.Bound`)
        "AlbumTitle", "AlbumDescription",  // string formats of `AlbumChange`'s fields
        // The bodies each route takes, narrower than the one type that writes them (`AlbumChange`, `LinkChange`).
        "AlbumCreate", "AlbumEdit", "LinkCreate", "LinkEdit",
        "Health", "OpenAPI", "ServerSentEvent",  // a constant, this document, the event stream's framing
        "KeyInfo", "KeyCreated", "KeyList",  // the admin's API keys (the keys controller's own types)
        "PixabayResponse", "PixabayHit", "PixabayVideoResponse", "PixabayVideoHit", "PixabayVideoRendition",
        "PixabayError", "ParseObject", "ParseResults", "ParseError",
    ]

    func document() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
    }

    func schemas() throws -> [String: Any] {
        let components = try #require(try document()["components"] as? [String: Any])
        return try #require(components["schemas"] as? [String: Any])
    }

    @Test func everySchemaIsAWireTypeOrSaysWhyNot() throws {
        let named = Set(try schemas().keys)
        let mapped = Set(Self.wireTypes.map(\.schema))
        #expect(named.subtracting(mapped).subtracting(Self.notWireTypes).sorted() == [], "schemas without a type")
        #expect(mapped.union(Self.notWireTypes).subtracting(named).sorted() == [], "listed here, not in the document")
    }

    @Test(arguments: wireTypes.map(\.schema))
    func schemaHasTheTypesFieldsOptionalityAndFormats(_ name: String) throws {
        let type = try #require(Self.wireTypes.first { $0.schema == name }?.type)
        let schemas = try schemas()
        let checker = SchemaChecker(schemas: schemas)
        let schema = try #require(schemas[name] as? [String: Any])
        var issues: [String] = []
        checker.compare(try Shape.of(type), schema, at: name, issues: &issues)
        #expect(issues == [], "\(issues.joined(separator: "\n"))")
    }

    /// With every optional set, each property is written; with none, exactly the required ones (a nullable
    /// required one as `null`). The server's `JSONWriter` writes what `JSONEncoder` writes.
    @Test(arguments: wireTypes.map(\.schema))
    func encodingsWriteTheSchemasKeys(_ name: String) throws {
        let type = try #require(Self.wireTypes.first { $0.schema == name }?.type)
        let checker = SchemaChecker(schemas: try schemas())
        for filled in [true, false] {
            let (data, written) = try Self.encodings(of: type, filled: filled)
            let encoded = try JSONSerialization.jsonObject(with: data)
            var issues: [String] = []
            checker.compareKeys(
                encoded, ["$ref": "#/components/schemas/\(name)"], at: name, full: filled, issues: &issues)
            #expect(issues == [], "\(filled ? "every optional" : "no optional"): \(issues.joined(separator: "\n"))")
            if let written {
                let parsed = try JSONSerialization.jsonObject(with: Data(written))
                #expect(
                    NSDictionary(dictionary: parsed as? [String: Any] ?? [:])
                        == NSDictionary(dictionary: encoded as? [String: Any] ?? [:]),
                    "\(name): JSONWriter and JSONEncoder differ: \(String(decoding: written, as: UTF8.self))")
            }
        }
    }

    /// A sample value's `JSONEncoder` bytes, and its `JSONWriter` bytes for the types the server writes that way.
    static func encodings<T: Codable>(of type: T.Type, filled: Bool) throws -> (Data, [UInt8]?) {
        let value = try ShapeDecoder.value(type, shape: Shape(), filled: filled)
        return (try JSONEncoder().encode(value), writerBytes(value))
    }

    static func writerBytes(_ value: Any) -> [UInt8]? {
        switch value {
        case let value as PhotoDetail: value.jsonBytes()
        case let value as PhotoPage: value.jsonBytes()
        case let value as PhotoDetailPage: value.jsonBytes()
        case let value as Timeline: value.jsonBytes()
        default: nil
        }
    }
}

/// Compares recorded shapes and encoded JSON with the document's schemas.
struct SchemaChecker {
    let schemas: [String: Any]

    /// `schema` with its `$ref` followed, and whether it (or a `oneOf` alternative) allows `null`.
    func resolved(_ schema: [String: Any]) -> (schema: [String: Any], nullable: Bool) {
        if let reference = schema["$ref"] as? String, reference.hasPrefix("#/components/schemas/"),
            let target = schemas[String(reference.dropFirst("#/components/schemas/".count))] as? [String: Any]
        {
            return resolved(target)
        }
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            let others = alternatives.filter { $0["type"] as? String != "null" }
            if others.count == 1 {
                return (resolved(others[0]).schema, others.count < alternatives.count)
            }
        }
        return (schema, types(schema).contains("null"))
    }

    func types(_ schema: [String: Any]) -> Set<String> {
        if let one = schema["type"] as? String { return [one] }
        return Set(schema["type"] as? [String] ?? [])
    }

    func compare(_ shape: Shape, _ raw: [String: Any], at path: String, issues: inout [String]) {
        let schema = resolved(raw).schema
        let types = types(schema)
        let format = schema["format"] as? String
        func expect(_ type: String, _ wanted: String?) {
            if !types.contains(type) {
                issues.append("\(path): the type is \(shape.kind), the schema \(types.sorted())")
            }
            if format != wanted {
                issues.append("\(path): format \(format ?? "none"), the type wants \(wanted ?? "none")")
            }
        }
        switch shape.kind {
        case .unknown: issues.append("\(path): the type reads nothing here")
        case .string: expect("string", nil)
        case .integer: expect("integer", nil)
        case .int64: expect("integer", "int64")
        case .number: expect("number", nil)
        case .boolean: expect("boolean", nil)
        case .array:
            expect("array", nil)
            guard let items = schema["items"] as? [String: Any], let element = shape.elements.first else {
                issues.append("\(path): an array without items")
                return
            }
            compare(element, items, at: path + "[]", issues: &issues)
        case .tuple:
            expect("array", nil)
            let positions = schema["prefixItems"] as? [[String: Any]] ?? []
            guard positions.count == shape.elements.count else {
                issues.append("\(path): \(shape.elements.count) positions, the schema \(positions.count)")
                return
            }
            for (index, element) in shape.elements.enumerated() {
                compare(element, positions[index], at: "\(path)[\(index)]", issues: &issues)
            }
        case .object:
            expect("object", nil)
            let properties = schema["properties"] as? [String: Any] ?? [:]
            let required = Set(schema["required"] as? [String] ?? [])
            let keys = Set(shape.fields.map(\.key))
            for missing in Set(properties.keys).subtracting(keys).sorted() {
                issues.append("\(path).\(missing): in the schema, not in the type")
            }
            for field in shape.fields {
                let at = "\(path).\(field.key)"
                guard let property = properties[field.key] as? [String: Any] else {
                    issues.append("\(at): in the type, not in the schema")
                    continue
                }
                let nullable = resolved(property).nullable
                switch (field.optional, required.contains(field.key)) {
                case (false, false): issues.append("\(at): always there in the type, optional in the schema")
                case (true, true) where !nullable:
                    issues.append("\(at): optional in the type, required and not nullable in the schema")
                case (false, _) where nullable: issues.append("\(at): never null in the type, nullable in the schema")
                default: break
                }
                compare(field.shape, property, at: at, issues: &issues)
            }
        }
    }

    /// An encoded value's keys against the schema: every property when `full`, else exactly the required ones.
    func compareKeys(_ value: Any, _ raw: [String: Any], at path: String, full: Bool, issues: inout [String]) {
        let (schema, nullable) = resolved(raw)
        if value is NSNull {
            if !nullable { issues.append("\(path): null, which the schema does not allow") }
            return
        }
        if let array = value as? [Any] {
            if let items = schema["items"] as? [String: Any] {
                for element in array { compareKeys(element, items, at: path + "[]", full: full, issues: &issues) }
            }
            return
        }
        guard let object = value as? [String: Any] else { return }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let required = Set(schema["required"] as? [String] ?? [])
        let wanted = full ? Set(properties.keys) : required
        let keys = Set(object.keys)
        if keys != wanted {
            issues.append("\(path): writes \(keys.sorted()), the schema wants \(wanted.sorted())")
        }
        for (key, member) in object {
            guard let property = properties[key] as? [String: Any] else { continue }
            compareKeys(member, property, at: "\(path).\(key)", full: full, issues: &issues)
        }
    }
}
