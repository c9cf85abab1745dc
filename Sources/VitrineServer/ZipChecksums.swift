import Synchronization
import VitrineCore

/// The CRC-32s of blobs that zip archives read whole, kept across requests. A blob's name is its SHA-256,
/// so its checksum never changes. Without them, a range over an archive's directory would read every
/// original the range left out again: a request of a megabyte could make the server read ten thousand
/// originals, request after request.
final class ZipChecksums: Sendable {
    let capacity: Int
    private let state = Mutex<[BlobKey: UInt32]>([:])

    /// `capacity` checksums at most (about 60 bytes each); past it, all are forgotten at once.
    init(capacity: Int = 200_000) { self.capacity = capacity }

    func checksum(of key: BlobKey) -> UInt32? { state.withLock { $0[key] } }

    func remember(_ checksum: UInt32, of key: BlobKey) {
        state.withLock { kept in
            if kept.count >= capacity { kept.removeAll() }
            kept[key] = checksum
        }
    }
}
