import Blobs
import FileBlobs
import VitrineCore

/// The inventory: keys in ascending order, a page at a time, by walking the two levels of shard folders in
/// name order (which is key order, the shards being the key's first four hex digits).
extension FileBlobStore {
    public func keys(after: BlobKey?, limit: Int) async throws -> [BlobKey] {
        guard limit > 0 else { return [] }
        return try await executor.run { try keyPage(after: after, limit: limit) }
    }

    func keyPage(after: BlobKey?, limit: Int) throws -> [BlobKey] {
        let floor = after.map { String($0.hex.prefix(4)) } ?? ""
        var keys: [BlobKey] = []
        for first in try Self.shards(in: blobsDirectory) where first >= String(floor.prefix(2)) {
            let outer = blobsDirectory + "/" + first
            for second in try Self.shards(in: outer) where first + second >= floor {
                let names = try PosixFiles.list(outer + "/" + second).compactMap(BlobKey.init(hex:)).sorted()
                for key in names where after.map({ key > $0 }) ?? true {
                    keys.append(key)
                    if keys.count == limit { return keys }
                }
            }
        }
        return keys
    }

    /// The two-hex-digit folder names in `path`, sorted; anything else there is not the store's.
    static func shards(in path: String) throws -> [String] {
        try PosixFiles.list(path).filter { name in
            name.utf8.count == 2 && name.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
        }.sorted()
    }
}
