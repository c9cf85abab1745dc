import Blobs
import Foundation
import HTTPParsing
import Hummingbird

#if canImport(Glibc)
    import Glibc
#endif

/// Streams an upload's body into a temporary file under the library's `tmp/`, enforcing the size limit as
/// bytes arrive. The file is in this process's folder there, so one a crash leaves behind is removed by the
/// next process that opens the library (see `TemporaryArea`).
struct UploadReceiver {
    let temporaryDirectory: String
    let maximumBytes: Int
    /// `tag` fields one multipart body may carry: a photo's limit, refused (`bad_tag`) as soon as one more
    /// arrives rather than after the whole body.
    var maximumTags = TextRules.maximumTagsPerPhoto
    var multipartLimits = MultipartParser.Limits()

    /// A form field other than the file (a title or a tag), in bytes.
    static let maximumFieldBytes = 4096

    /// What arrived: the file's path (the caller deletes it) and the form fields that came with it.
    struct Received {
        var path: String
        var filename: String?
        var title: String?
        var tags: [String] = []
    }

    func receive(_ request: Request) async throws -> Received {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBytes {
            throw tooLarge
        }
        // In this process's own folder under tmp/, which no other process removes while this one lives.
        guard let (fd, path) = try? TemporaryArea(root: temporaryDirectory).create(prefix: "upload-") else {
            throw APIError(.internalServerError, code: "internal", message: "cannot store upload")
        }
        var closed = false
        defer { if !closed { close(fd) } }
        do {
            var received: Received
            if let type = request.headers[.contentType], type.lowercased().hasPrefix("multipart/") {
                received = try await receiveMultipart(request, contentType: type, fd: fd, path: path)
            } else {
                received = Received(path: path)
                var total = 0
                for try await chunk in request.body {
                    total += chunk.readableBytes
                    guard total <= maximumBytes else { throw tooLarge }
                    try write(chunk, to: fd)
                }
            }
            close(fd)
            closed = true
            return received
        } catch {
            unlink(path)
            throw error
        }
    }

    private func receiveMultipart(
        _ request: Request, contentType: String, fd: Int32, path: String
    ) async throws
        -> Received
    {
        guard let boundary = MultipartParser.boundary(fromContentType: contentType) else {
            throw APIError(.badRequest, code: "bad_upload", message: "multipart/form-data needs a boundary")
        }
        var parser = MultipartParser(boundary: boundary, limits: multipartLimits)
        var received = Received(path: path)
        var current: String?
        var field: [UInt8] = []
        var sawFile = false
        var total = 0
        func handle(_ event: MultipartParser.Event) throws {
            switch event {
            case .partStart(let name, let filename, _):
                current = name
                field = []
                if name == "tag", received.tags.count >= maximumTags {
                    throw APIError(.badRequest, code: "bad_tag", message: "give at most \(maximumTags) tags")
                }
                if name == "file" {
                    guard !sawFile else {
                        throw APIError(.badRequest, code: "bad_upload", message: "send one file per request")
                    }
                    sawFile = true
                    received.filename = filename
                }
            case .data(let bytes):
                if current == "file" {
                    try bytes.withUnsafeBytes { try Self.writeAll(fd, $0) }
                } else {
                    field += bytes
                    guard field.count <= Self.maximumFieldBytes else {
                        throw APIError(.badRequest, code: "bad_upload", message: "a form field is too long")
                    }
                }
            case .partEnd:
                let text = String(decoding: field, as: UTF8.self)
                if current == "title" { received.title = text }
                if current == "tag" { received.tags.append(text) }
                current = nil
            }
        }
        do {
            for try await chunk in request.body {
                total += chunk.readableBytes
                guard total <= maximumBytes else { throw tooLarge }
                try parser.feed(chunk.readableBytesView, emit: handle)
            }
            try parser.finish()
        } catch let error as MultipartParser.ParseError {
            throw Self.apiError(error)
        }
        guard sawFile else {
            throw APIError(.badRequest, code: "bad_upload", message: "the multipart body has no part named \"file\"")
        }
        return received
    }

    /// Every way a body can break the multipart rules is the client's `bad_upload`, with what to fix.
    static func apiError(_ error: MultipartParser.ParseError) -> APIError {
        let message =
            switch error {
            case .malformed(let detail): "malformed multipart body: \(detail)"
            case .headersTooLong(let limit): "a part's headers are limited to \(limit) bytes"
            case .tooManyParts(let limit): "a multipart body has at most \(limit) parts"
            }
        return APIError(.badRequest, code: "bad_upload", message: message)
    }

    var tooLarge: APIError {
        APIError(
            .contentTooLarge, code: "too_large",
            message: "uploads are limited to \(maximumBytes / (1 << 20)) MB")
    }

    private func write(_ chunk: ByteBuffer, to fd: Int32) throws {
        try chunk.withUnsafeReadableBytes { try Self.writeAll(fd, $0) }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw APIError(
                    .init(code: 507, reasonPhrase: "Insufficient Storage"), code: "storage",
                    message: "cannot store upload")
            }
            offset += written
        }
    }
}
