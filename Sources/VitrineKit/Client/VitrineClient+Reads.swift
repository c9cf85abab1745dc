import Foundation
import VitrineAPI

extension VitrineClient {
    /// A page of photos: `query`'s filter, order and position.
    public func photos(_ query: PhotoQuery = PhotoQuery()) async throws -> PhotoPage {
        try await json(PhotoPage.self, request("GET", url("/api/v1/photos", query: query.queryItems)))
    }

    /// A page of photos' full records, newest first, each as `photo(id:)` answers it, from the top or from a
    /// page's `nextCursor`; `limit` is 1–200 (the server's default is 20), `text` and `tags` filter as
    /// `photos` does. For a client that keeps every detail, such as a mirror, instead of a request per photo.
    public func details(
        cursor: String? = nil, limit: Int? = nil, text: String? = nil, tags: [String] = []
    ) async throws -> PhotoDetailPage {
        var items = PhotoQuery(text: text, tags: tags).filterItems
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await json(PhotoDetailPage.self, request("GET", url("/api/v1/details", query: items)))
    }

    /// The months with photos, newest first, for the whole library or `query`'s filter.
    public func timeline(_ query: PhotoQuery = PhotoQuery()) async throws -> Timeline {
        try await json(Timeline.self, request("GET", url("/api/v1/timeline", query: query.filterItems)))
    }

    /// One photo's full record; `VitrineError.http(404, "not_found", …)` when there is none.
    public func photo(id: String) async throws -> PhotoDetail {
        try await json(PhotoDetail.self, request("GET", url("/api/v1/photos/" + id)))
    }

    /// Every tag with its count, most used first.
    public func tags() async throws -> TagList {
        try await json(TagList.self, request("GET", url("/api/v1/tags")))
    }

    /// Whether reads need the token, and whether this client's token is the admin's.
    public func session() async throws -> SessionInfo {
        try await json(SessionInfo.self, request("GET", url("/api/v1/session")))
    }

    /// An asset (`/assets/…`, `/api/v1/photos/{id}/sized/…`) or any URL, streamed; relative paths are
    /// on this server. `headers` may ask for a range (`Range`, `If-Range`).
    public func download(
        _ pathOrURL: String, headers: [String: String] = [:], timeout: Duration = .seconds(300)
    ) async throws -> TransportResponse {
        try await send(request("GET", resolve(pathOrURL), headers: headers, timeout: timeout))
    }

    /// `download`, with the response handed to `sink` where it arrives (see `TransportSink`): for a
    /// caller that writes and hashes the bytes as they come, such as `vitrine mirror`. A status of 400 or
    /// more never reaches the sink; it throws `VitrineError.http` with the server's code, as `send` does.
    public func download(
        _ pathOrURL: String, headers: [String: String] = [:], timeout: Duration = .seconds(300),
        into sink: some TransportSink
    ) async throws {
        let checked = StatusCheckingSink(sink)
        try await transport.send(request("GET", resolve(pathOrURL), headers: headers, timeout: timeout), into: checked)
        if let failure = checked.failure { throw failure }
    }

    /// A path from the API (`/assets/…`) on this server, or an absolute URL as it is.
    public func resolve(_ pathOrURL: String) -> URL {
        if let absolute = URL(string: pathOrURL), absolute.scheme != nil { return absolute }
        return url(pathOrURL)
    }
}
