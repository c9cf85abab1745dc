import Crypto
import Foundation
import NIOCore
import VitrineCore

/// One uploaded part, as CompleteMultipartUpload lists it.
public struct S3UploadedPart: Sendable, Equatable {
    public var number: Int
    public var etag: String
}

extension S3Client {
    /// CreateMultipartUpload; returns the upload id. `headers` (Content-Type, Cache-Control) become the
    /// object's.
    public func createMultipartUpload(_ objectKey: String, headers: [Header] = []) async throws -> String {
        let call = Call(
            operation: "CreateMultipartUpload", method: .POST, objectKey: objectKey, query: [QueryItem("uploads")],
            headers: headers, timeout: configuration.requestTimeout)
        let answer = try await executeReading(call)
        guard let id = XMLElement.parse(answer)?.text(of: "UploadId"), !id.isEmpty else {
            throw S3Error.malformedResponse(operation: "CreateMultipartUpload", message: "no UploadId")
        }
        return id
    }

    /// UploadPart with its SHA-256 signed and its Content-MD5, both checked by the store. Returns the ETag.
    public func uploadPart(
        _ objectKey: String, uploadId: String, number: Int, body: [UInt8]
    ) async throws -> S3UploadedPart {
        let call = Call(
            operation: "UploadPart", method: .PUT, objectKey: objectKey,
            query: [QueryItem("partNumber", String(number)), QueryItem("uploadId", uploadId)],
            headers: [Header(name: "content-md5", value: Data(Insecure.MD5.hash(data: body)).base64EncodedString())],
            body: ByteBuffer(bytes: body), payloadHash: Hex.sha256(body), timeout: configuration.transferTimeout)
        let response = try await execute(call)
        _ = try await readBody(of: response, limit: configuration.errorBodyLimit, truncate: true)
        guard let etag = response.headers.first(name: "etag") else {
            throw S3Error.malformedResponse(operation: "UploadPart", message: "no ETag")
        }
        return S3UploadedPart(number: number, etag: etag)
    }

    /// CompleteMultipartUpload. S3 may answer 200 with an error in the body; that is an error here too.
    public func completeMultipartUpload(_ objectKey: String, uploadId: String, parts: [S3UploadedPart]) async throws {
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
        for part in parts {
            xml += "<Part><PartNumber>\(part.number)</PartNumber><ETag>\(XMLElement.escape(part.etag))</ETag></Part>"
        }
        xml += "</CompleteMultipartUpload>"
        let body = Array(xml.utf8)
        let call = Call(
            operation: "CompleteMultipartUpload", method: .POST, objectKey: objectKey,
            query: [QueryItem("uploadId", uploadId)], headers: [Header(name: "content-type", value: "application/xml")],
            body: ByteBuffer(bytes: body), payloadHash: Hex.sha256(body), timeout: configuration.transferTimeout)
        let answer = try await executeReading(call)
        guard let document = XMLElement.parse(answer) else {
            throw S3Error.malformedResponse(operation: "CompleteMultipartUpload", message: "not XML")
        }
        if document.name == "Error" {
            throw S3Error.fromResponse(operation: "CompleteMultipartUpload", status: 200, body: answer)
        }
    }

    /// AbortMultipartUpload: the parts are deleted; an upload already gone is not an error.
    public func abortMultipartUpload(_ objectKey: String, uploadId: String) async throws {
        let call = Call(
            operation: "AbortMultipartUpload", method: .DELETE, objectKey: objectKey,
            query: [QueryItem("uploadId", uploadId)], timeout: configuration.requestTimeout)
        do {
            let response = try await execute(call)
            _ = try await readBody(of: response, limit: configuration.errorBodyLimit, truncate: true)
        } catch S3Error.remote(_, 404, _, _) {
            return
        }
    }
}
