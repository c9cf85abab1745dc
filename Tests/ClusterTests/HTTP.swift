import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import VitrineAPI

/// Requests to the servers of a test cluster, through AsyncHTTPClient: a real client over real sockets.
enum HTTP {
    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(type, from: Data(body))
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static var client: HTTPClient { HTTPClient.shared }

    static func send(
        _ url: String, method: HTTPMethod = .GET, token: String? = nil, body: [UInt8]? = nil,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return Response(status: Int(response.status.code), headers: response.headers, body: Array(buffer: bytes))
    }

    static func get(_ url: String, token: String? = nil) async throws -> Response {
        try await send(url, token: token, timeout: .seconds(10))
    }

    /// `POST /api/v1/photos?filename=…` with the image as the raw body.
    static func upload(
        _ server: ClusterServer, _ bytes: [UInt8], name: String, token: String
    ) async throws
        -> UploadResult
    {
        let response = try await send(
            server.base + "/api/v1/photos?filename=\(name)", method: .POST, token: token, body: bytes)
        guard response.status == 201 || response.status == 200 else {
            throw Unexpected(what: "upload to \(server.name)", response: response)
        }
        return try response.decode(UploadResult.self)
    }

    static func delete(_ server: ClusterServer, id: String, token: String) async throws {
        let response = try await send(server.base + "/api/v1/photos/\(id)", method: .DELETE, token: token)
        guard response.status == 204 else { throw Unexpected(what: "delete on \(server.name)", response: response) }
    }

    /// One page of `GET /api/v1/photos`.
    static func page(_ server: ClusterServer, limit: Int, cursor: String? = nil) async throws -> PhotoPage {
        let query = "limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
        let response = try await get(server.base + "/api/v1/photos?" + query)
        guard response.status == 200 else { throw Unexpected(what: "page from \(server.name)", response: response) }
        return try response.decode(PhotoPage.self)
    }

    /// Every photo id, walking one server's pages to the end.
    static func allIDs(_ server: ClusterServer) async throws -> [String] {
        var ids: [String] = []
        var cursor: String?
        repeat {
            let page = try await page(server, limit: 100, cursor: cursor)
            ids += page.items.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        return ids
    }

    /// Whether `token` makes the caller an admin on `server` (`GET /api/v1/session`).
    static func isAdmin(_ server: ClusterServer, token: String) async throws -> Bool {
        let response = try await get(server.base + "/api/v1/session", token: token)
        guard response.status == 200 else { return false }
        return try response.decode(SessionInfo.self).admin
    }

    struct Unexpected: Error, CustomStringConvertible {
        var what: String
        var response: Response
        var description: String { "\(what): \(response.status) \(response.text.prefix(300))" }
    }
}
