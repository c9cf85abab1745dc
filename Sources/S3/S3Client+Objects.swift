import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import VitrineCore

/// What HeadObject tells about an object.
public struct S3ObjectAttributes: Sendable, Equatable {
    public var size: Int64
    public var contentType: String?
    public var etag: String?
    public var cacheControl: String?
}

extension S3Client {
    /// PutObject with the body's SHA-256 signed (`x-amz-content-sha256`) and sent as
    /// `x-amz-checksum-sha256`, so the store refuses bytes that changed on the way. Returns the ETag.
    @discardableResult
    public func putObject(_ objectKey: String, body: [UInt8], headers: [Header] = []) async throws -> String? {
        let digest = SHA256.hash(data: body)
        let call = Call(
            operation: "PutObject", method: .PUT, objectKey: objectKey,
            headers: headers + [Header(name: "x-amz-checksum-sha256", value: Data(digest).base64EncodedString())],
            body: ByteBuffer(bytes: body), payloadHash: Hex.encode(digest), timeout: configuration.transferTimeout)
        let response = try await execute(call)
        _ = try await readBody(of: response, limit: configuration.errorBodyLimit, truncate: true)
        return response.headers.first(name: "etag")
    }

    /// HeadObject; nil when the object does not exist.
    public func headObject(_ objectKey: String) async throws -> S3ObjectAttributes? {
        let call = Call(
            operation: "HeadObject", method: .HEAD, objectKey: objectKey, timeout: configuration.requestTimeout)
        let response: HTTPClientResponse
        do {
            response = try await execute(call)
        } catch S3Error.remote(_, 404, _, _) {
            return nil
        }
        _ = try await readBody(of: response, limit: configuration.errorBodyLimit, truncate: true)
        guard let length = response.headers.first(name: "content-length").flatMap({ Int64($0) }), length >= 0 else {
            throw S3Error.malformedResponse(operation: "HeadObject", message: "no valid Content-Length")
        }
        return S3ObjectAttributes(
            size: length, contentType: response.headers.first(name: "content-type"),
            etag: response.headers.first(name: "etag"), cacheControl: response.headers.first(name: "cache-control"))
    }

    /// GetObject of `range` (inclusive; nil = whole object), handing the body to `consume` chunk by chunk.
    ///
    /// When the answer breaks in the middle, the rest is asked again from where it stopped (with `If-Match`
    /// on the first answer's ETag, so a replaced object cannot be spliced in), within the retry budget.
    public func getObject(
        _ objectKey: String, range: ClosedRange<Int64>?, into consume: (ByteBuffer) async throws -> Void
    ) async throws {
        var next = range?.lowerBound ?? 0
        var etag: String?
        var attempt = 0
        while true {
            attempt += 1
            var headers: [Header] = []
            if let range {
                headers.append(Header(name: "range", value: "bytes=\(next)-\(range.upperBound)"))
            } else if next > 0 {
                headers.append(Header(name: "range", value: "bytes=\(next)-"))
            }
            if let etag { headers.append(Header(name: "if-match", value: etag)) }
            let call = Call(
                operation: "GetObject", method: .GET, objectKey: objectKey, headers: headers,
                timeout: configuration.transferTimeout)
            let response = try await execute(call)
            etag = etag ?? response.headers.first(name: "etag")
            do {
                for try await chunk in response.body {
                    next += Int64(chunk.readableBytes)
                    do { try await consume(chunk) } catch { throw ConsumerError(underlying: error) }
                }
                if let range, next != range.upperBound + 1 {
                    throw S3Error.transport(operation: "GetObject", message: "the answer ended early")
                }
                return
            } catch let failure as ConsumerError {
                // A failure of `consume` is the caller's, never retried.
                throw failure.underlying
            } catch {
                let failure = try classify(error, operation: "GetObject")
                guard case .transport = failure, attempt < configuration.retry.maxAttempts else { throw failure }
                try await Task.sleep(for: jitter.delay(upTo: configuration.retry.ceiling(afterAttempt: attempt)))
            }
        }
    }

    /// DeleteObject; deleting an absent key succeeds.
    public func deleteObject(_ objectKey: String) async throws {
        let response = try await execute(
            Call(
                operation: "DeleteObject", method: .DELETE, objectKey: objectKey, timeout: configuration.requestTimeout)
        )
        _ = try await readBody(of: response, limit: configuration.errorBodyLimit, truncate: true)
    }

    /// DeleteObjects of at most 1 000 keys (quiet mode, Content-MD5 as S3 requires). Absent keys are not an
    /// error; the first key the store failed to delete is thrown.
    public func deleteObjects(_ objectKeys: [String]) async throws {
        guard !objectKeys.isEmpty else { return }
        precondition(objectKeys.count <= 1000, "DeleteObjects takes at most 1 000 keys")
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Quiet>true</Quiet>"
        for key in objectKeys { xml += "<Object><Key>\(XMLElement.escape(key))</Key></Object>" }
        xml += "</Delete>"
        let body = Array(xml.utf8)
        let call = Call(
            operation: "DeleteObjects", method: .POST, objectKey: nil, query: [QueryItem("delete")],
            headers: [
                Header(name: "content-md5", value: Data(Insecure.MD5.hash(data: body)).base64EncodedString()),
                Header(name: "content-type", value: "application/xml"),
            ],
            body: ByteBuffer(bytes: body), payloadHash: Hex.sha256(body), timeout: configuration.requestTimeout)
        let answer = try await executeReading(call)
        guard let document = XMLElement.parse(answer) else {
            throw S3Error.malformedResponse(operation: "DeleteObjects", message: "not XML")
        }
        if let failed = document.all("Error").first {
            let code = failed.text(of: "Code") ?? "InternalError"
            throw S3Error.remote(
                operation: "DeleteObjects", status: 200, code: code,
                message: "\(failed.text(of: "Key") ?? ""): \(failed.text(of: "Message") ?? "")")
        }
    }
}

/// Marks a failure of a `getObject` consumer, which must not be retried as if the answer had broken.
struct ConsumerError: Error {
    var underlying: any Error
}
