import Access
import Catalog
import Foundation
import Hummingbird
import VitrineAPI
import VitrineCore
import VitrineServer

/// The admin's API-key routes, mounted behind `RequireTokenMiddleware.admin`:
/// `POST /api/v1/keys`, `GET /api/v1/keys`, `DELETE /api/v1/keys/{id}`.
struct APIKeysController<Context: RequestContext>: Sendable {
    let keys: APIKeys

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("keys", use: create)
        group.get("keys", use: list)
        group.delete("keys/{id}", use: revoke)
    }

    struct CreateBody: Decodable { var label: String? }

    struct KeyInfo: Codable, Equatable {
        var id: Int64
        var hint: String
        var label: String
        var createdAt: String
        var revokedAt: String?

        init(_ record: APIKeyRecord) {
            id = record.id ?? 0
            hint = record.hint
            label = record.label
            createdAt = TimestampFormatter.string(milliseconds: record.createdAt, offsetMinutes: 0)
            revokedAt = record.revokedAt.map { TimestampFormatter.string(milliseconds: $0, offsetMinutes: 0) }
        }
    }

    struct Created: Codable, Equatable {
        var key: String
        var info: KeyInfo
    }

    struct KeyList: Codable, Equatable { var keys: [KeyInfo] }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let buffer = try await request.body.collect(upTo: 4096)
        var label = ""
        if buffer.readableBytes > 0 {
            guard let body = try? JSONDecoder().decode(CreateBody.self, from: Data(buffer: buffer)) else {
                throw APIError(.badRequest, code: "bad_body", message: #"send {"label": "…"} or nothing"#)
            }
            label = body.label ?? ""
        }
        let made: (record: APIKeyRecord, key: String)
        do {
            made = try await keys.create(label: label)
        } catch let error as APIKeys.KeyError {
            throw APIError(.badRequest, code: "bad_label", message: error.description)
        }
        return try JSONResponse.make(
            Created(key: made.key, info: KeyInfo(made.record)), status: .created, cacheControl: "no-store")
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let records = try await keys.list()
        return try JSONResponse.make(KeyList(keys: records.map(KeyInfo.init)), cacheControl: "no-store")
    }

    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        guard let id = Int64(try context.parameters.require("id")), id > 0 else {
            throw APIError(.badRequest, code: "bad_id", message: "not a key id")
        }
        guard try await keys.revoke(id: id) else { throw APIError.notFound("live key") }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
