import Crypto
import Foundation
import NIOCore
import TestSupport
import Testing
import VitrineCore

@testable import S3

/// The client's operations against moto with signature checking on.
@Suite struct S3ClientTests {
    @Test func putHeadGetDelete() async throws {
        let moto = try MotoBucket()
        let client = moto.client()
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await client.putObject(
            "photos/a b/ሴ.jpg", body: bytes,
            headers: [
                Header(name: "content-type", value: "image/jpeg"), Header(name: "cache-control", value: "no-cache"),
            ])

        let attributes = try #require(try await client.headObject("photos/a b/ሴ.jpg"))
        #expect(attributes.size == 70_000)
        #expect(attributes.contentType == "image/jpeg")
        #expect(attributes.cacheControl == "no-cache")
        #expect(attributes.etag != nil)

        var whole: [UInt8] = []
        try await client.getObject("photos/a b/ሴ.jpg", range: nil) { whole += $0.readableBytesView }
        #expect(whole == bytes)
        var part: [UInt8] = []
        try await client.getObject("photos/a b/ሴ.jpg", range: 1000...1999) { part += $0.readableBytesView }
        #expect(part == Array(bytes[1000...1999]))

        let seen = try moto.objectAsBoto3Sees("photos/a b/ሴ.jpg")
        #expect(seen["sha256"] as? String == Hex.sha256(bytes))

        try await client.deleteObject("photos/a b/ሴ.jpg")
        #expect(try await client.headObject("photos/a b/ሴ.jpg") == nil)
        try await client.deleteObject("photos/a b/ሴ.jpg")
    }

    @Test func missingObjectIsNoSuchKey() async throws {
        let client = try MotoBucket().client()
        await #expect(throws: S3Error.self) {
            try await client.getObject("absent", range: nil) { _ in }
        }
        do {
            try await client.getObject("absent", range: nil) { _ in }
        } catch let S3Error.remote(operation, status, code, _) {
            #expect(operation == "GetObject")
            #expect(status == 404)
            #expect(code == "NoSuchKey")
        }
    }

    /// moto checks SigV4 with the IAM user's secret: a wrong one is refused with SignatureDoesNotMatch and
    /// not retried; an unknown key with InvalidAccessKeyId.
    @Test func wrongSecretIsRefused() async throws {
        let moto = try MotoBucket()
        var wrong = moto.credentials
        wrong.secretAccessKey = String(wrong.secretAccessKey.reversed())
        let client = moto.client(credentials: wrong)
        do {
            try await client.putObject("k", body: [1, 2, 3])
            Issue.record("a wrong secret was accepted")
        } catch let S3Error.remote(operation, status, code, _) {
            #expect(operation == "PutObject")
            #expect(status == 403)
            #expect(code == "SignatureDoesNotMatch")
        }
        #expect(try moto.keysAsBoto3Sees().isEmpty)

        let unknown = moto.client(credentials: S3Credentials(accessKeyId: "AKIAUNKNOWN000000000", secretAccessKey: "x"))
        do {
            _ = try await unknown.listObjectsV2(prefix: "")
            Issue.record("an unknown key was accepted")
        } catch let S3Error.remote(_, status, code, _) {
            #expect(status == 403)
            #expect(code == "InvalidAccessKeyId")
        }
    }

    @Test func listsWithContinuationAndStartAfter() async throws {
        let moto = try MotoBucket()
        let client = moto.client()
        let names = (0..<25).map { String(format: "p/%02d", $0) } + ["q/outside"]
        for name in names { try await client.putObject(name, body: Array(name.utf8)) }

        var listed: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let page = try await client.listObjectsV2(prefix: "p/", continuationToken: token, maxKeys: 7)
            listed += page.keys
            token = page.nextContinuationToken
            pages += 1
        } while token != nil
        #expect(listed == Array(names.prefix(25)))
        #expect(pages == 4)

        let after = try await client.listObjectsV2(prefix: "p/", startAfter: "p/20")
        #expect(after.keys == ["p/21", "p/22", "p/23", "p/24"])
        #expect(after.nextContinuationToken == nil)
    }

    @Test func deleteObjectsInOneRequestIgnoringAbsentKeys() async throws {
        let moto = try MotoBucket()
        let client = moto.client()
        for index in 0..<5 { try await client.putObject("k\(index)", body: [UInt8(index)]) }
        try await client.deleteObjects(["k0", "k2", "k4", "never-there", "a&b<c>"])
        #expect(try moto.keysAsBoto3Sees() == ["k1", "k3"])
    }

    @Test func multipartUploadAndAbort() async throws {
        let moto = try MotoBucket()
        let client = moto.client()
        let first = [UInt8](repeating: 7, count: 5 << 20)
        let second: [UInt8] = Array("the end".utf8)
        let id = try await client.createMultipartUpload(
            "big", headers: [Header(name: "content-type", value: "image/tiff")])
        let parts = [
            try await client.uploadPart("big", uploadId: id, number: 1, body: first),
            try await client.uploadPart("big", uploadId: id, number: 2, body: second),
        ]
        #expect(try moto.unfinishedUploads() == ["big"])
        try await client.completeMultipartUpload("big", uploadId: id, parts: parts)
        let seen = try moto.objectAsBoto3Sees("big")
        #expect(seen["sha256"] as? String == Hex.sha256(first + second))
        #expect(seen["contentType"] as? String == "image/tiff")

        let abandoned = try await client.createMultipartUpload("abandoned")
        _ = try await client.uploadPart("abandoned", uploadId: abandoned, number: 1, body: second)
        try await client.abortMultipartUpload("abandoned", uploadId: abandoned)
        try await client.abortMultipartUpload("abandoned", uploadId: abandoned)
        #expect(try moto.unfinishedUploads().isEmpty)
        #expect(try moto.keysAsBoto3Sees() == ["big"])
    }

    @Test func errorBodiesAreParsed() {
        let body = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>1</RequestId></Error>
            """.utf8)
        let error = S3Error.fromResponse(operation: "PutObject", status: 503, body: body)
        #expect(
            error
                == .remote(
                    operation: "PutObject", status: 503, code: "SlowDown", message: "Please reduce your request rate."))
        #expect(error.isRetryable)
        #expect(
            S3Error.fromResponse(operation: "HeadObject", status: 404, body: [])
                == .remote(operation: "HeadObject", status: 404, code: "NotFound", message: ""))
        #expect(
            !S3Error.fromResponse(
                operation: "GetObject", status: 403, body: Array("<Error><Code>AccessDenied</Code></Error>".utf8)
            ).isRetryable)
        #expect(S3Error.fromResponse(operation: "GetObject", status: 429, body: Array("not xml".utf8)).isRetryable)
    }

    @Test func backOffGrowsToItsCapWithFullJitter() {
        let policy = S3RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(policy.ceiling(afterAttempt: 1) == .milliseconds(100))
        #expect(policy.ceiling(afterAttempt: 3) == .milliseconds(400))
        #expect(policy.ceiling(afterAttempt: 5) == .seconds(1))
        #expect(policy.ceiling(afterAttempt: 500) == .seconds(1))
        let jitter = JitterSource(seed: 1)
        let draws = (0..<200).map { _ in jitter.delay(upTo: .milliseconds(400)) }
        #expect(draws.allSatisfy { $0 >= .zero && $0 <= .milliseconds(400) })
        #expect(Set(draws).count > 150)
        let again = JitterSource(seed: 1)
        #expect((0..<200).map { _ in again.delay(upTo: .milliseconds(400)) } == draws)
    }
}
