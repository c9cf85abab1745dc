import Foundation
import VitrineAPI

/// Typed async access to a Vitrine server's JSON API, sharing its wire types (`VitrineAPI`).
///
/// A value type holding where the server is, the admin token if any, and the transport: cheap to
/// copy into tasks. Every call maps failures to `VitrineError`.
public struct VitrineClient: Sendable {
    /// The server's root, e.g. `http://photos.local:8080/`.
    public let baseURL: URL
    /// The admin token, sent as a bearer token to this server only (never to another host an asset
    /// URL may name).
    public var token: String?
    public let transport: any HTTPTransport
    /// For JSON calls; downloads and uploads take their own.
    public var timeout: Duration
    /// The largest JSON answer accepted.
    public var maximumJSONBytes: Int = 16 << 20

    public init(
        baseURL: URL, token: String? = nil, transport: any HTTPTransport = AsyncHTTPClientTransport.shared,
        timeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
        self.timeout = timeout
    }

    // MARK: Requests

    /// `path` (absolute, from the server's root) with `query`, on this server.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let root = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = root + Self.encodePath(path)
        if !query.isEmpty {
            components.queryItems = query
            // URLComponents leaves "+" alone, which servers read as a space.
            components.percentEncodedQuery = components.percentEncodedQuery?
                .replacingOccurrences(of: "+", with: "%2B")
        }
        return components.url ?? baseURL
    }

    /// Whether `url` is on this server (same scheme, host and port), so it may carry the token.
    public func isSameOrigin(_ url: URL) -> Bool {
        url.scheme?.lowercased() == baseURL.scheme?.lowercased()
            && url.host?.lowercased() == baseURL.host?.lowercased() && url.port == baseURL.port
    }

    /// A request to `url` with the token when it is on this server.
    public func request(
        _ method: String = "GET", _ url: URL, headers: [String: String] = [:], body: TransportRequest.Body? = nil,
        timeout: Duration? = nil
    ) -> TransportRequest {
        var headers = headers
        if let token, isSameOrigin(url) { headers["Authorization"] = "Bearer " + token }
        return TransportRequest(
            method: method, url: url, headers: headers, body: body, timeout: timeout ?? self.timeout)
    }

    /// Sends `request`; a status of 400 or more becomes `VitrineError.http` with the server's code.
    public func send(
        _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> TransportResponse {
        let response = try await transport.send(request, uploadProgress: uploadProgress)
        guard response.status < 400 else {
            let body = try? await response.collect(upTo: 64 << 10)
            let detail = body.flatMap { try? JSONDecoder().decode(APIErrorBody.self, from: $0) }?.error
            throw VitrineError.http(status: response.status, code: detail?.code, message: detail?.message)
        }
        return response
    }

    /// Sends `request` and decodes its JSON answer.
    func json<T: Decodable>(
        _ type: T.Type, _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> T {
        let response = try await send(request, uploadProgress: uploadProgress)
        let data = try await response.collect(upTo: maximumJSONBytes)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw VitrineError.decoding("\(T.self): \(error)")
        }
    }

    /// Percent-encodes each segment of a path (ids and file names never carry a "/").
    static func encodePath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}
