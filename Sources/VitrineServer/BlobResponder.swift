import Blobs
import Foundation
import HTTPParsing
import Hummingbird
import VitrineCore

/// Answers a GET or HEAD with one stored blob: strong ETag (the key), `If-None-Match` → 304, one `Range`
/// → 206 (416 when unsatisfiable), from memory when `memory` keeps the blob, else streamed from the blob
/// store chunk by chunk. Callers set the caching headers they need.
package struct BlobResponder: Sendable {
    let blobs: any BlobStore
    /// Small blobs kept in memory; nil streams every answer from the store.
    var memory: BlobMemory? = nil

    package func respond(
        key: BlobKey, mimeType: String, headers extra: HTTPFields, request: Request, context: some RequestContext
    ) async throws -> Response {
        guard let size = try await blobs.attributes(of: key)?.size else { throw APIError.notFound("asset") }
        return try await respond(
            key: key, size: size, mimeType: mimeType, headers: extra, request: request, context: context)
    }

    /// The answer for a blob whose size is already known (the asset route keeps it per feed position).
    func respond(
        key: BlobKey, size: Int64, mimeType: String, headers extra: HTTPFields, request: Request,
        context: some RequestContext
    ) async throws -> Response {
        var headers = extra
        let etag = "\"\(key.hex)\""
        headers[.eTag] = etag
        headers[.acceptRanges] = "bytes"

        if Self.matches(ifNoneMatch: request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = mimeType

        switch request.byteRange(etag: etag, size: size) {
        case .unsatisfiable:
            return .rangeNotSatisfiable(size: size, headers: headers, message: "range outside the file")
        case .whole:
            headers[.contentLength] = String(size)
            if request.method == .head || size == 0 { return Response(status: .ok, headers: headers) }
            if let kept = try await memory?.bytes(of: key, size: size, from: blobs) {
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: kept))
            }
            return Response(status: .ok, headers: headers, body: body(key, range: nil, count: size))
        case .partial(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)"
            headers[.contentLength] = String(bytes.count)
            if request.method == .head { return Response(status: .partialContent, headers: headers) }
            if let kept = try await memory?.bytes(of: key, size: size, from: blobs),
                let lower = Int(exactly: bytes.lowerBound),
                let slice = kept.getSlice(at: kept.readerIndex + lower, length: bytes.count)
            {
                return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: slice))
            }
            return Response(
                status: .partialContent, headers: headers, body: body(key, range: bytes, count: Int64(bytes.count)))
        }
    }

    /// The blob's bytes, read from the store as the client takes them.
    func body(_ key: BlobKey, range: ClosedRange<Int64>?, count: Int64) -> ResponseBody {
        let blobs = blobs
        return ResponseBody(contentLength: Int(exactly: count)) { writer in
            try await blobs.read(key, range: range) { try await writer.write($0) }
            try await writer.finish(nil)
        }
    }

    /// `If-None-Match` uses weak comparison: `W/"x"` matches `"x"`, and `*` matches anything.
    static func matches(ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        // What a browser sends back: the ETag it was given, alone.
        if ifNoneMatch == etag { return true }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}

extension BlobResponder {
    /// A responder that streams every answer from `blobs`.
    package init(blobs: any BlobStore) { self.init(blobs: blobs, memory: nil) }
}
