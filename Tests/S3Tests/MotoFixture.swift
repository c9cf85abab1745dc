import Foundation
import TestSupport

@testable import S3

/// Clients of fresh buckets on the process's moto peer.
struct MotoBucket {
    let peer: S3Peer
    let bucket: String
    let location: S3Location

    init(prefix: String = "", label: String = "t", endpoint: String? = nil) throws {
        peer = try S3Peer.shared()
        bucket = try peer.makeBucket(label)
        location = try S3Location(
            bucket: bucket, prefix: prefix, endpoint: endpoint ?? peer.endpoint, region: peer.region, pathStyle: true)
    }

    var credentials: S3Credentials {
        S3Credentials(accessKeyId: peer.accessKeyId, secretAccessKey: peer.secretAccessKey)
    }

    /// Fast retries, so failing tests fail quickly; a fixed jitter seed, so a run can be replayed.
    static func testConfiguration() -> S3ClientConfiguration {
        var configuration = S3ClientConfiguration()
        configuration.retry = S3RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50))
        configuration.jitterSeed = 17
        return configuration
    }

    func client(
        credentials: S3Credentials? = nil, configuration: S3ClientConfiguration = MotoBucket.testConfiguration()
    ) -> S3Client {
        S3Client(location: location, credentials: credentials ?? self.credentials, configuration: configuration)
    }

    /// What boto3 reads of an object: size, headers and the SHA-256 of its bytes.
    func objectAsBoto3Sees(_ key: String) throws -> [String: Any] {
        let output = try peer.tool(["object", bucket, key])
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    }

    /// Every key of the bucket, as boto3 lists them.
    func keysAsBoto3Sees() throws -> [String] {
        try JSONSerialization.jsonObject(with: Data(peer.tool(["keys", bucket]).utf8)) as? [String] ?? []
    }

    /// Keys of the bucket's unfinished multipart uploads (ListMultipartUploads through boto3).
    func unfinishedUploads() throws -> [String] {
        try JSONSerialization.jsonObject(with: Data(peer.tool(["uploads", bucket]).utf8)) as? [String] ?? []
    }
}
