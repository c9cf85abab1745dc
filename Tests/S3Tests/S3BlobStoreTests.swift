import Blobs
import Foundation
import NIOCore
import Scheduling
import TestSupport
import Testing
import VitrineCore

@testable import S3

/// S3BlobStore against moto with signature checking on, cross-checked with boto3.
@Suite struct S3BlobStoreTests {
    static let executor = BoundedExecutor(label: "s3-tests", width: 2, queueLimit: 64, refusal: "busy")

    struct Fixture {
        let moto: MotoBucket
        let store: S3BlobStore
        let scratch = TemporaryDirectory("s3-store")

        init(
            prefix: String = "lib/blobs", configure: (inout S3ClientConfiguration) -> Void = { _ in },
            credentials: S3Credentials? = nil, endpoint: String? = nil
        ) throws {
            moto = try MotoBucket(prefix: prefix, label: "store", endpoint: endpoint)
            var configuration = MotoBucket.testConfiguration()
            configure(&configuration)
            store = try S3BlobStore(
                client: moto.client(credentials: credentials, configuration: configuration),
                temporaryRoot: scratch.file("tmp"), executor: S3BlobStoreTests.executor)
        }
    }

    @Test func putStoresUnderTheLayoutWithHeaders() async throws {
        let fixture = try Fixture()
        let bytes = Array("a small jpeg".utf8)
        let key = try await fixture.store.put(bytes, contentType: "image/jpeg")
        #expect(key == BlobKey.of(bytes))
        #expect(fixture.store.location == "s3://\(fixture.moto.bucket)/lib/blobs")
        let objectKey = "lib/blobs/\(key.hex.prefix(2))/\(key.hex.dropFirst(2).prefix(2))/\(key.hex)"
        #expect(try fixture.moto.keysAsBoto3Sees() == [objectKey])
        let seen = try fixture.moto.objectAsBoto3Sees(objectKey)
        #expect(seen["sha256"] as? String == key.hex)
        #expect(seen["size"] as? Int == bytes.count)
        #expect(seen["contentType"] as? String == "image/jpeg")
        #expect(seen["cacheControl"] as? String == "public, max-age=31536000, immutable")

        let attributes = try #require(try await fixture.store.attributes(of: key))
        #expect(attributes.size == Int64(bytes.count))
        #expect(attributes.contentType == "image/jpeg")
        #expect(attributes.etag == seen["etag"] as? String)
        #expect(try await fixture.store.contains(key))
    }

    @Test func putOfAnExistingKeyIsHarmless() async throws {
        let fixture = try Fixture()
        let bytes = Array("same".utf8)
        let first = try await fixture.store.put(bytes, contentType: "image/webp")
        let etag = try await fixture.store.attributes(of: first)?.etag
        let second = try await fixture.store.put(bytes, contentType: "image/webp")
        #expect(first == second)
        #expect(try await fixture.store.attributes(of: first)?.etag == etag)
        #expect(try fixture.moto.keysAsBoto3Sees().count == 1)
    }

    @Test func putFileChecksTheExpectedHash() async throws {
        let fixture = try Fixture()
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let path = fixture.scratch.write(bytes, to: "photo.jpg")
        let stored = try await fixture.store.putFile(at: path, expected: BlobKey.of(bytes), contentType: "image/jpeg")
        #expect(stored.key == BlobKey.of(bytes))
        #expect(stored.size == 300_000)
        #expect(try await fixture.store.bytes(of: stored.key) == bytes)

        let other = BlobKey.of(Array("other".utf8))
        await #expect(throws: BlobStoreError.contentChanged(expected: other, actual: stored.key)) {
            try await fixture.store.putFile(at: path, expected: other, contentType: "image/jpeg")
        }
        #expect(try fixture.moto.keysAsBoto3Sees().count == 1)
    }

    @Test func largeFileGoesInPartsByteExact() async throws {
        let fixture = try Fixture(configure: {
            $0.multipartThreshold = 5 << 20
            $0.partSize = 5 << 20
        })
        var generator = SeededGenerator(seed: 3)
        let bytes = (0..<(11 << 20) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = fixture.scratch.write(bytes, to: "huge.tiff")
        let stored = try await fixture.store.putFile(at: path, expected: nil, contentType: "image/tiff")
        #expect(stored.key == BlobKey.of(bytes))
        let objectKey = fixture.store.objectKey(for: stored.key)
        let seen = try fixture.moto.objectAsBoto3Sees(objectKey)
        #expect(seen["sha256"] as? String == stored.key.hex)
        #expect(seen["size"] as? Int == bytes.count)
        #expect(seen["contentType"] as? String == "image/tiff")
        #expect(seen["cacheControl"] as? String == "public, max-age=31536000, immutable")
        // A multipart object's ETag is "<md5 of the part md5s>-<parts>".
        #expect((seen["etag"] as? String)?.hasSuffix("-3\"") == true)
        #expect(try fixture.moto.unfinishedUploads().isEmpty)

        var ranged: [UInt8] = []
        let range: ClosedRange<Int64> = (5 << 20) - 10...(5 << 20) + 10
        try await fixture.store.read(stored.key, range: range) { ranged += $0.readableBytesView }
        #expect(ranged == Array(bytes[Int(range.lowerBound)...Int(range.upperBound)]))
    }

    /// A multipart upload that fails is aborted: no object and no unfinished upload remain. Here the file
    /// no longer hashes to the key it was hashed to before (it changed meanwhile), found after the parts.
    @Test func failedMultipartIsAborted() async throws {
        let fixture = try Fixture(configure: {
            $0.multipartThreshold = 5 << 20
            $0.partSize = 5 << 20
        })
        let bytes = [UInt8](repeating: 9, count: (10 << 20) + 1)
        let path = fixture.scratch.write(bytes, to: "changed.tiff")
        let hashedBefore = BlobKey.of(Array("what the file held when it was hashed".utf8))
        await #expect(throws: BlobStoreError.contentChanged(expected: hashedBefore, actual: BlobKey.of(bytes))) {
            try await fixture.store.uploadInParts(
                path: path, key: hashedBefore, size: Int64(bytes.count), contentType: "image/tiff")
        }
        #expect(try fixture.moto.unfinishedUploads().isEmpty)
        #expect(try fixture.moto.keysAsBoto3Sees().isEmpty)
    }

    @Test func readStreamsRangesAndReportsMissingKeys() async throws {
        let fixture = try Fixture()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 / 3) }
        let key = try await fixture.store.put(bytes, contentType: "image/jpeg")
        var chunks = 0
        var whole: [UInt8] = []
        try await fixture.store.read(key, range: nil) {
            chunks += 1
            whole += $0.readableBytesView
        }
        #expect(whole == bytes)
        var last: [UInt8] = []
        try await fixture.store.read(key, range: 199_999...199_999) { last += $0.readableBytesView }
        #expect(last == [bytes[199_999]])

        let absent = BlobKey.of([1, 2, 3])
        await #expect(throws: BlobStoreError.notFound(absent)) {
            try await fixture.store.read(absent, range: nil) { _ in }
        }
        #expect(try await fixture.store.attributes(of: absent) == nil)
    }

    @Test func localFileIsPrivateAndRemovedAfter() async throws {
        let fixture = try Fixture()
        let bytes = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let key = try await fixture.store.put(bytes, contentType: "image/png")
        let path = try await fixture.store.withLocalFile(key) { path in
            #expect(Fixtures.bytes(of: path) == bytes)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            return path
        }
        #expect(!FileManager.default.fileExists(atPath: path))

        struct Boom: Error {}
        var thrownPath = ""
        await #expect(throws: Boom.self) {
            try await fixture.store.withLocalFile(key) { path -> Int in
                thrownPath = path
                throw Boom()
            }
        }
        #expect(!thrownPath.isEmpty && !FileManager.default.fileExists(atPath: thrownPath))
        await #expect(throws: BlobStoreError.notFound(BlobKey.of([0]))) {
            try await fixture.store.withLocalFile(BlobKey.of([0])) { _ in 1 }
        }
        #expect(try await fixture.store.removeTemporaries() == 0)
    }

    @Test func keysArePagedInOrderIgnoringForeignObjects() async throws {
        let fixture = try Fixture(prefix: "p")
        var keys: [BlobKey] = []
        for index in 0..<23 {
            keys.append(try await fixture.store.put(Array("blob \(index)".utf8), contentType: "image/jpeg"))
        }
        keys.sort()
        // Objects that are not blobs of the layout: outside the prefix, misplaced, not a key.
        let stray = fixture.scratch.write([1], to: "stray")
        let misplaced = "p/00/00/\(keys[0].hex)"
        for objectKey in ["other/ab/cd/\(keys[1].hex)", misplaced, "p/readme.txt", "p/ab/cd/not-a-key", "q/x"] {
            try fixture.moto.peer.tool(["put", fixture.moto.bucket, objectKey, stray])
        }
        #expect(try await fixture.store.keys(after: nil, limit: 1000) == keys)
        var paged: [BlobKey] = []
        var after: BlobKey?
        while true {
            let page = try await fixture.store.keys(after: after, limit: 5)
            if page.isEmpty { break }
            #expect(page.count <= 5)
            paged += page
            after = page.last
        }
        #expect(paged == keys)
        #expect(try await fixture.store.keys(after: keys[10], limit: 3) == Array(keys[11...13]))
        #expect(try await fixture.store.keys(after: nil, limit: 0).isEmpty)
    }

    @Test func deleteRemovesKeysAndIgnoresAbsentOnes() async throws {
        let fixture = try Fixture()
        var keys: [BlobKey] = []
        for index in 0..<6 { keys.append(try await fixture.store.put([UInt8(index)], contentType: "image/jpeg")) }
        try await fixture.store.delete(Array(keys.prefix(3)) + [BlobKey.of([99])])
        #expect(try await fixture.store.keys(after: nil, limit: 100) == Array(keys.dropFirst(3)).sorted())
        try await fixture.store.delete([])
    }

    @Test func wrongSecretSurfacesAsRemoteSignatureDoesNotMatch() async throws {
        let good = try Fixture()
        var wrong = good.moto.credentials
        wrong.secretAccessKey = "not-the-secret"
        let store = try S3BlobStore(
            client: good.moto.client(credentials: wrong), temporaryRoot: good.scratch.file("tmp2"),
            executor: Self.executor)
        do {
            _ = try await store.put([1, 2, 3], contentType: "image/jpeg")
            Issue.record("a wrong secret was accepted")
        } catch let BlobStoreError.remote(operation, status, code, _) {
            #expect(operation == "HeadObject")
            #expect(status == 403)
            #expect(code == "Forbidden" || code == "SignatureDoesNotMatch")
        }
        do {
            _ = try await store.keys(after: nil, limit: 10)
            Issue.record("a wrong secret was accepted")
        } catch let BlobStoreError.remote(operation, status, code, _) {
            #expect(operation == "ListObjectsV2")
            #expect(status == 403)
            #expect(code == "SignatureDoesNotMatch")
        }
        #expect(try good.moto.keysAsBoto3Sees().isEmpty)
    }

    /// Through the fault proxy: puts, ranged reads, inventory and deletes complete; nothing half-written.
    @Test func storeCompletesThroughFaults() async throws {
        let peer = try S3Peer.shared()
        let proxy = try FaultProxy(targetPort: peer.port, seed: 99, dropShare: 0.15, slowDownShare: 0.15)
        let fixture = try Fixture(
            configure: {
                $0.retry = S3RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(2), maxDelay: .milliseconds(20))
                $0.multipartThreshold = 5 << 20
                $0.partSize = 5 << 20
            }, endpoint: proxy.endpoint)
        var blobs: [BlobKey: [UInt8]] = [:]
        for index in 0..<30 {
            let bytes = Array("blob number \(index) ".utf8) + [UInt8](repeating: UInt8(index), count: index * 1000)
            blobs[try await fixture.store.put(bytes, contentType: "image/jpeg")] = bytes
        }
        let large = [UInt8](repeating: 5, count: (5 << 20) + 77)
        let stored = try await fixture.store.putFile(
            at: fixture.scratch.write(large, to: "large"), expected: nil, contentType: "image/tiff")
        blobs[stored.key] = large
        for (key, bytes) in blobs {
            var read: [UInt8] = []
            let range = Int64(bytes.count / 2)...Int64(bytes.count - 1)
            try await fixture.store.read(key, range: range) { read += $0.readableBytesView }
            #expect(read == Array(bytes[(bytes.count / 2)...]))
        }
        #expect(try await fixture.store.keys(after: nil, limit: 1000) == blobs.keys.sorted())
        let doomed = Array(blobs.keys.sorted().prefix(10))
        try await fixture.store.delete(doomed)
        let counts = proxy.stop()
        let remaining = Set(blobs.keys).subtracting(doomed)
        #expect(Set(try fixture.moto.keysAsBoto3Sees()) == Set(remaining.map { fixture.store.objectKey(for: $0) }))
        for key in remaining {
            #expect(
                try fixture.moto.objectAsBoto3Sees(fixture.store.objectKey(for: key))["sha256"] as? String == key.hex)
        }
        #expect(try fixture.moto.unfinishedUploads().isEmpty)
        #expect(counts["dropped", default: 0] > 0 && counts["slowdown", default: 0] > 0)
    }
}
