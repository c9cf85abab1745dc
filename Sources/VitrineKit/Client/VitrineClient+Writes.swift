import Foundation
import VitrineAPI

extension VitrineClient {
    /// What an upload sends besides the bytes.
    public struct UploadOptions: Sendable {
        public var filename: String?
        public var title: String?
        public var tags: [String]
        /// The upload's own time limit: a large photo on a slow link takes a while.
        public var timeout: Duration

        public init(
            filename: String? = nil, title: String? = nil, tags: [String] = [], timeout: Duration = .seconds(600)
        ) {
            self.filename = filename
            self.title = title
            self.tags = tags
            self.timeout = timeout
        }
    }

    /// Uploads one photo (needs the token). `progress` gets the bytes sent so far. A photo whose bytes
    /// are there already comes back with `duplicate == true`.
    public func upload(
        _ body: TransportRequest.Body, options: UploadOptions = UploadOptions(),
        progress: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> UploadResult {
        var items: [URLQueryItem] = []
        let filename: String? =
            options.filename
            ?? {
                if case .file(let url) = body { return url.lastPathComponent }
                return nil
            }()
        if let filename { items.append(URLQueryItem(name: "filename", value: filename)) }
        if let title = options.title { items.append(URLQueryItem(name: "title", value: title)) }
        for tag in options.tags { items.append(URLQueryItem(name: "tag", value: tag)) }
        let request = request(
            "POST", url("/api/v1/photos", query: items), headers: ["Content-Type": "application/octet-stream"],
            body: body, timeout: options.timeout)
        return try await json(UploadResult.self, request, uploadProgress: progress)
    }

    /// Changes a photo's title or tags (needs the token) and answers its new record.
    public func edit(id: String, _ edit: PhotoEdit) async throws -> PhotoDetail {
        let body = try JSONEncoder().encode(edit)
        return try await json(
            PhotoDetail.self,
            request(
                "PATCH", url("/api/v1/photos/" + id), headers: ["Content-Type": "application/json"], body: .data(body)))
    }

    /// Deletes a photo (needs the token).
    public func delete(id: String) async throws {
        _ = try await send(request("DELETE", url("/api/v1/photos/" + id)))
    }
}
