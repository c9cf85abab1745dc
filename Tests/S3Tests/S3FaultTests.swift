import Foundation
import TestSupport
import Testing
import VitrineCore

@testable import S3

/// The client behind a proxy that drops connections and answers 503 SlowDown for a share of requests
/// (seeded): every operation still completes with the right result, thanks to retries, and nothing
/// half-written stays in the bucket.
@Suite struct S3FaultTests {
    static func faultyClient(_ moto: MotoBucket) -> S3Client {
        var configuration = MotoBucket.testConfiguration()
        configuration.retry = S3RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(2), maxDelay: .milliseconds(20))
        return moto.client(configuration: configuration)
    }

    @Test func operationsCompleteThroughDropsAndSlowDowns() async throws {
        let peer = try S3Peer.shared()
        let proxy = try FaultProxy(targetPort: peer.port, seed: 20_240_617, dropShare: 0.15, slowDownShare: 0.15)
        let moto = try MotoBucket(label: "faults", endpoint: proxy.endpoint)
        let client = Self.faultyClient(moto)
        var generator = SeededGenerator(seed: 7)
        let objects = (0..<40).map { index in
            (
                "o/\(String(format: "%03d", index))",
                (0..<(100 + index * 997)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            )
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, (key, bytes)) in objects.enumerated() {
                if index >= 4 { try await group.next() }
                group.addTask { try await client.putObject(key, body: bytes) }
            }
            try await group.waitForAll()
        }
        for (key, bytes) in objects {
            let range = Int64(bytes.count / 3)...Int64(bytes.count - 1)
            var read: [UInt8] = []
            try await client.getObject(key, range: range) { read += $0.readableBytesView }
            #expect(read == Array(bytes[Int(range.lowerBound)...]), "range of \(key)")
        }

        var listed: [String] = []
        var token: String?
        repeat {
            let page = try await client.listObjectsV2(prefix: "o/", continuationToken: token, maxKeys: 9)
            listed += page.keys
            token = page.nextContinuationToken
        } while token != nil
        #expect(listed == objects.map(\.0))

        let tail = Array("tail".utf8)
        let big = [UInt8](repeating: 3, count: 5 << 20)
        let upload = try await client.createMultipartUpload("big")
        let parts = [
            try await client.uploadPart("big", uploadId: upload, number: 1, body: big),
            try await client.uploadPart("big", uploadId: upload, number: 2, body: tail),
        ]
        try await client.completeMultipartUpload("big", uploadId: upload, parts: parts)

        try await client.deleteObjects(objects.prefix(20).map(\.0))
        for (key, _) in objects[20..<30] { try await client.deleteObject(key) }

        let counts = proxy.stop()
        // Checked straight against moto, not through the proxy.
        #expect(try moto.keysAsBoto3Sees() == ["big"] + objects[30...].map(\.0))
        #expect(try moto.objectAsBoto3Sees("big")["sha256"] as? String == Hex.sha256(big + tail))
        #expect(try moto.unfinishedUploads().isEmpty)
        #expect(counts["dropped", default: 0] > 0)
        #expect(counts["slowdown", default: 0] > 0)
    }

    /// With every request failing, the client gives up after its bounded attempts with the store's answer.
    @Test func givesUpAfterItsAttempts() async throws {
        let peer = try S3Peer.shared()
        let proxy = try FaultProxy(targetPort: peer.port, seed: 1, dropShare: 0, slowDownShare: 1)
        defer { proxy.stop() }
        let moto = try MotoBucket(label: "slow", endpoint: proxy.endpoint)
        let client = moto.client()
        // The proxy never fails more than two requests in a row, so with attempts 1 and 2 failing and a
        // budget of 2, SlowDown surfaces.
        var configuration = MotoBucket.testConfiguration()
        configuration.retry = S3RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        let impatient = moto.client(configuration: configuration)
        do {
            _ = try await impatient.listObjectsV2(prefix: "")
            Issue.record("SlowDown was not reported")
        } catch let S3Error.remote(_, status, code, _) {
            #expect(status == 503)
            #expect(code == "SlowDown")
        }
        // A request with the default budget goes through the third time.
        #expect(try await client.listObjectsV2(prefix: "").keys.isEmpty)
    }
}
