import Blobs
import Foundation
import S3
import Scheduling
import TestSupport

extension BlobStoreUnderTest {
    /// `S3BlobStore` on a fresh bucket of the moto peer (signatures checked), under a key prefix, with
    /// a small multipart threshold so large blobs go in parts.
    static let s3 = BlobStoreUnderTest(name: "s3") {
        let peer = try S3Peer.shared()
        let bucket = try peer.makeBucket("contract")
        let location = try S3Location(
            bucket: bucket, prefix: "library/blobs", endpoint: peer.endpoint, region: peer.region, pathStyle: true)
        var configuration = S3ClientConfiguration()
        configuration.retry = S3RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50))
        configuration.multipartThreshold = 5 << 20
        configuration.partSize = 5 << 20
        let client = S3Client(
            location: location,
            credentials: S3Credentials(accessKeyId: peer.accessKeyId, secretAccessKey: peer.secretAccessKey),
            configuration: configuration)
        let folder = TemporaryDirectory("contract-s3")
        let executor = BoundedExecutor(label: "contract-s3", width: 2, queueLimit: 64, refusal: "busy")
        let store = try S3BlobStore(client: client, temporaryRoot: folder.path + "/tmp", executor: executor)
        return Instance(store: store) { try FileManager.default.removeItem(atPath: folder.path) }
    }
}
