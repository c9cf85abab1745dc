import Blobs
import Metrics
import NIOCore
import VitrineCore

/// A `BlobStore` that counts its calls and their failures by store and operation, then forwards them. The
/// composition root wraps the library's store in it when metrics are on, so no store knows of metrics.
///
/// Only the store's own failures count as errors: an error thrown by the caller's `consume` (a client that
/// went away mid-download) or `withLocalFile` body is the caller's, not the store's.
public struct MeteredBlobStore: BlobStore {
    let base: any BlobStore
    let handles: [Operation: (calls: Counter, errors: Counter)]

    enum Operation: String, CaseIterable {
        case put, putFile = "put_file", attributes, read, withLocalFile = "with_local_file", keys, delete
        case removeTemporaries = "remove_temporaries"
    }

    /// - Parameter store: the `store` label: `disk` or `s3`.
    public init(_ base: any BlobStore, store: String, metrics: VitrineMetrics) {
        self.base = base
        var handles: [Operation: (calls: Counter, errors: Counter)] = [:]
        for operation in Operation.allCases {
            let dimensions = [("store", store), ("operation", operation.rawValue)]
            handles[operation] = (
                Counter(label: Names.blobOperations, dimensions: dimensions, factory: metrics.factory),
                Counter(label: Names.blobErrors, dimensions: dimensions, factory: metrics.factory)
            )
        }
        self.handles = handles
    }

    /// Runs `body` as one call of `operation`; a throw counts as a store error unless `isCallers` says the
    /// error came from the caller's own closure.
    private func metered<T>(
        _ operation: Operation, isCallers: () -> Bool = { false }, _ body: () async throws -> T
    ) async throws -> T {
        let counters = handles[operation]
        counters?.calls.increment()
        do {
            return try await body()
        } catch {
            if !isCallers() { counters?.errors.increment() }
            throw error
        }
    }

    public var location: String { base.location }

    public func put(_ bytes: [UInt8], contentType: String) async throws -> BlobKey {
        try await metered(.put) { try await base.put(bytes, contentType: contentType) }
    }

    public func putFile(
        at path: String, expected: BlobKey?, contentType: String
    ) async throws -> (key: BlobKey, size: Int64) {
        try await metered(.putFile) { try await base.putFile(at: path, expected: expected, contentType: contentType) }
    }

    public func attributes(of key: BlobKey) async throws -> BlobAttributes? {
        try await metered(.attributes) { try await base.attributes(of: key) }
    }

    public func read(
        _ key: BlobKey, range: ClosedRange<Int64>?, into consume: (ByteBuffer) async throws -> Void
    ) async throws {
        var consumerFailed = false
        try await metered(.read, isCallers: { consumerFailed }) {
            try await base.read(key, range: range) { buffer in
                do { try await consume(buffer) } catch {
                    consumerFailed = true
                    throw error
                }
            }
        }
    }

    public func withLocalFile<T: Sendable>(_ key: BlobKey, _ body: (String) async throws -> T) async throws -> T {
        var bodyFailed = false
        return try await metered(.withLocalFile, isCallers: { bodyFailed }) {
            try await base.withLocalFile(key) { path in
                do { return try await body(path) } catch {
                    bodyFailed = true
                    throw error
                }
            }
        }
    }

    public func keys(after: BlobKey?, limit: Int) async throws -> [BlobKey] {
        try await metered(.keys) { try await base.keys(after: after, limit: limit) }
    }

    public func delete(_ keys: [BlobKey]) async throws {
        try await metered(.delete) { try await base.delete(keys) }
    }

    @discardableResult public func removeTemporaries() async throws -> Int {
        try await metered(.removeTemporaries) { try await base.removeTemporaries() }
    }
}
