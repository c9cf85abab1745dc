import Catalog
import Foundation
import HTTPParsing
import Hummingbird
import VitrineServer

/// `GET /parse/classes/Resource[/{objectId}]`: ToyPhotoGallery's Parse class, read-only, over the catalog.
/// Mounted behind `ParseApplicationMiddleware`. Other classes are empty; every write is refused as Parse
/// refuses writes its class-level permissions forbid.
struct ParseController<Context: RequestContext>: Sendable {
    let catalog: any CompatReading
    let base: PublicBase
    /// Where items' file URLs point (`--asset-base-url`, else this server's `/assets`).
    var assets = AssetURLs()

    static var className: String { "Resource" }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("classes/{className}", use: find)
        group.get("classes/{className}/{objectId}", use: get)
        group.post("classes/{className}", use: refuse("create"))
        group.put("classes/{className}/{objectId}", use: refuse("update"))
        group.delete("classes/{className}/{objectId}", use: refuse("delete"))
    }

    func refuse(_ action: String) -> @Sendable (Request, Context) async throws -> Response {
        { _, context in
            let name = try context.parameters.require("className")
            throw ParseError.forbidden(action, className: CompatParameter.excerpt(name, limit: 100))
        }
    }

    @Sendable func find(_ request: Request, context: Context) async throws -> Response {
        let parsed = try Self.query(request.formQuery)
        guard try context.parameters.require("className") == Self.className else {
            return try Self.json(Results(results: [], count: parsed.counting ? 0 : nil))
        }
        let (query, counting) = (parsed.resourceQuery, parsed.counting)
        let found = try await catalog.resources(query, counting: counting)
        let base = base.resolve(request)
        return try Self.json(
            Results(
                results: found.items.map { Self.object($0, base: base, assets: assets, keys: parsed.keys) },
                count: found.total))
    }

    @Sendable func get(_ request: Request, context: Context) async throws -> Response {
        let objectId = try context.parameters.require("objectId")
        guard try context.parameters.require("className") == Self.className, ObjectID.isValid(objectId),
            let item = try await catalog.compatPhoto(objectId: objectId)
        else { throw ParseError.objectNotFound }
        let keys = ParseQuery.present(request.formQuery["keys"]).map(ParseQuery.keys)
        return try Self.json(Self.object(item, base: base.resolve(request), assets: assets, keys: keys))
    }

    static func query(_ parameters: FormQuery) throws(ParseError) -> ParseQuery {
        do throws(ParseQueryError) {
            return try ParseQuery(parameters)
        } catch {
            throw error.parseError
        }
    }

    struct Results: Encodable {
        var results: [[String: ParseValue]]
        var count: Int?
    }

    enum ParseValue: Encodable, Equatable {
        case string(String)
        case integer(Int)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .integer(let number): try container.encode(number)
            }
        }
    }

    /// The file `fileURLString` names: a clip's web rendition (else its original), a photo's preview.
    static func file(of item: PhotoWithVariants) -> VariantRecord? {
        item.photo.kind == .video
            ? item.variants[.webVideo] ?? item.variants[.original] : item.variants[.preview]
    }

    /// A `Resource` object. `objectId`, `createdAt` and `updatedAt` are always present, as in Parse.
    static func object(
        _ item: CompatPhoto, base: String, assets: AssetURLs, keys: Set<ParseField>?
    ) -> [String: ParseValue] {
        let photo = item.photo
        let thumb = item.item.variants[.thumbWebP] ?? item.item.variants[.thumbJPEG]
        let fields: [ParseField: ParseValue] = [
            .filename: .string(photo.originalName),
            .thumbnailURLString: .string(assets.absolute(thumb, publicBase: base)),
            // A clip's file is what a player plays; a photo's is its preview.
            .fileURLString: .string(assets.absolute(file(of: item.item), publicBase: base)),
            .width: .integer(photo.width),
            .height: .integer(photo.height),
        ]
        var object: [String: ParseValue] = [
            "objectId": .string(item.objectId),
            "createdAt": .string(ParseDate.string(milliseconds: photo.importedAt)),
            "updatedAt": .string(ParseDate.string(milliseconds: photo.updatedAt)),
        ]
        for (field, value) in fields where keys?.contains(field) ?? true { object[field.rawValue] = value }
        return object
    }

    static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
