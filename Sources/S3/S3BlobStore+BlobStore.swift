import Blobs
import NIOCore
import VitrineCore

extension S3BlobStore: BlobStore {
    /// Skips the upload when an object of the same size is already under the key.
    public func put(_ bytes: [UInt8], contentType: String) async throws -> BlobKey {
        let key = BlobKey.of(bytes)
        try await reporting {
            let objectKey = objectKey(for: key)
            if let existing = try await client.headObject(objectKey), existing.size == Int64(bytes.count) { return }
            try await client.putObject(objectKey, body: bytes, headers: objectHeaders(contentType: contentType))
        }
        return key
    }

    public func putFile(
        at path: String, expected: BlobKey?, contentType: String
    ) async throws -> (key: BlobKey, size: Int64) {
        let (key, size) = try await executor.run { try FileHasher.sha256(path: path) }
        if let expected, expected != key { throw BlobStoreError.contentChanged(expected: expected, actual: key) }
        try await reporting {
            let objectKey = objectKey(for: key)
            if let existing = try await client.headObject(objectKey), existing.size == size { return }
            if size > Int64(client.configuration.multipartThreshold) {
                try await uploadInParts(path: path, key: key, size: size, contentType: contentType)
            } else {
                try await uploadWhole(path: path, key: key, contentType: contentType)
            }
        }
        return (key, size)
    }

    public func attributes(of key: BlobKey) async throws -> BlobAttributes? {
        try await reporting {
            try await client.headObject(objectKey(for: key)).map {
                BlobAttributes(size: $0.size, contentType: $0.contentType, etag: $0.etag)
            }
        }
    }

    public func read(
        _ key: BlobKey, range: ClosedRange<Int64>?, into consume: (ByteBuffer) async throws -> Void
    ) async throws {
        do {
            try await reporting { try await client.getObject(objectKey(for: key), range: range, into: consume) }
        } catch BlobStoreError.remote(_, 404, _, _) {
            throw BlobStoreError.notFound(key)
        }
    }

    public func keys(after: BlobKey?, limit: Int) async throws -> [BlobKey] {
        guard limit > 0 else { return [] }
        return try await reporting {
            var found: [BlobKey] = []
            let startAfter = after.map { objectKey(for: $0) }
            var token: String?
            repeat {
                let page = try await client.listObjectsV2(
                    prefix: listPrefix, startAfter: startAfter, continuationToken: token,
                    maxKeys: limit - found.count)
                for objectKey in page.keys {
                    guard let key = blobKey(objectKey: objectKey), after.map({ key > $0 }) ?? true else { continue }
                    found.append(key)
                    if found.count == limit { return found }
                }
                token = page.nextContinuationToken
            } while token != nil
            return found
        }
    }

    public func delete(_ keys: [BlobKey]) async throws {
        try await reporting {
            var start = 0
            while start < keys.count {
                let batch = keys[start..<min(keys.count, start + 1000)]
                try await client.deleteObjects(batch.map { objectKey(for: $0) })
                start += batch.count
            }
        }
    }

    /// Removes the temporary downloads of processes proven dead.
    @discardableResult
    public func removeTemporaries() async throws -> Int {
        try await executor.run { [temporaries] in try temporaries.removeAbandoned() }
    }
}
