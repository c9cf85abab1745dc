import Blobs
import FileBlobs
import Foundation
import TestSupport
import Testing

/// One `BlobStore` implementation the contract runs against. Each test makes a fresh, empty store with
/// `make` and removes it with the returned teardown; adding an implementation is adding a case to `all`.
struct BlobStoreUnderTest: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () async throws -> Instance

    /// A store made for one test, and what removes everything it made.
    struct Instance: Sendable {
        let store: any BlobStore
        let tearDown: @Sendable () async throws -> Void
    }

    static var all: [BlobStoreUnderTest] { [.disk, .s3] }

    var testDescription: String { name }

    /// Runs `body` with a fresh store, tearing it down afterwards whether `body` threw or not.
    func run(_ body: (any BlobStore) async throws -> Void) async throws {
        let instance = try await make()
        do {
            try await body(instance.store)
        } catch {
            try? await instance.tearDown()
            throw error
        }
        try await instance.tearDown()
    }
}

extension BlobStoreUnderTest {
    /// `FileBlobStore` in a temporary folder.
    static let disk = BlobStoreUnderTest(name: "disk") {
        let folder = TemporaryDirectory("contract-disk")
        let store = try FileBlobStore(root: folder.path)
        return Instance(store: store) { try FileManager.default.removeItem(atPath: folder.path) }
    }
}
