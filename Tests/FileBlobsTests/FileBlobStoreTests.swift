import Foundation
import TestSupport
import Testing
import VitrineCore

@testable import Blobs
@testable import FileBlobs

@Suite struct FileBlobStoreTests {
    let folder = TemporaryDirectory("blobs")

    @Test func keyIsTheSHA256OfTheBytesAndTheFileIsSharded() async throws {
        let store = try FileBlobStore(root: folder.path)
        let key = try await store.put(Array("abc".utf8), contentType: "text/plain")
        #expect(key.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(store.path(for: key) == folder.path + "/blobs/ba/78/" + key.hex)
        #expect(try await store.withLocalFile(key) { $0 } == store.path(for: key), "libvips reads the blob itself")
        #expect(try await store.attributes(of: key) == BlobAttributes(size: 3))
        #expect(store.location == folder.path + "/blobs")
        #expect(folder.read("blobs/ba/78/" + key.hex) == Array("abc".utf8))
    }

    @Test func streamsAFileAndChecksTheExpectedHash() async throws {
        let store = try FileBlobStore(root: folder.path)
        // Larger than one copy chunk, so the streaming loop runs more than once.
        let bytes = (0..<(3 << 20 + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let source = folder.write(bytes, to: "big.bin")
        let (hashed, size) = try FileHasher.sha256(path: source)
        #expect(size == Int64(bytes.count))

        let (key, written) = try await store.putFile(at: source, expected: hashed, contentType: "image/jpeg")
        #expect(key == hashed)
        #expect(written == size)
        #expect(Fixtures.bytes(of: store.path(for: key)) == bytes)
    }

    @Test func aFileThatChangedSinceHashingLeavesNoTemporary() async throws {
        let store = try FileBlobStore(root: folder.path)
        let source = folder.write([1, 2, 3], to: "changing.bin")
        let stale = try FileHasher.sha256(path: source).key
        _ = folder.write([4, 5, 6], to: "changing.bin")
        await #expect(throws: BlobStoreError.self) {
            try await store.putFile(at: source, expected: stale, contentType: "image/jpeg")
        }
        #expect(try store.temporaries.leftoverFiles().isEmpty)
    }

    @Test func startUpRemovesTemporariesAKilledWriterLeftBehindButNotALiveOne() async throws {
        let store = try FileBlobStore(root: folder.path)
        var killed = ProcessIdentity.current
        killed.started += 1
        killed.instance = "killed"
        try FileManager.default.createDirectory(atPath: folder.path + "/tmp/killed", withIntermediateDirectories: true)
        _ = folder.write(Array(killed.record.utf8), to: "tmp/killed/owner")
        _ = folder.write([9, 9], to: "tmp/killed/abandoned.tmp")
        _ = folder.write([9, 9], to: "tmp/killed/other.tmp")
        let (fd, inFlight) = try store.temporaries.create(prefix: "blob-")
        defer { close(fd) }
        #expect(try await store.removeTemporaries() == 2)
        #expect(try store.temporaries.leftoverFiles() == [inFlight])
    }

    @Test func blobsAndTheirFoldersArePrivate() async throws {
        let store = try FileBlobStore(root: folder.path + "/fresh")
        let key = try await store.put([1, 2, 3, 4], contentType: "image/jpeg")
        let path = store.path(for: key)
        #expect(try mode(path) == 0o600)
        var shard = path
        for _ in 0..<3 {
            shard = DurableDirectory.parent(of: shard)
            #expect(try mode(shard) == 0o700, "\(shard)")
        }
        for path in [folder.path + "/fresh", folder.path + "/fresh/tmp"] { #expect(try mode(path) == 0o700) }
    }

    @Test func theInventoryIgnoresWhatIsNotTheStores() async throws {
        let store = try FileBlobStore(root: folder.path)
        let key = try await store.put([7], contentType: "image/jpeg")
        try FileManager.default.createDirectory(atPath: folder.file("blobs/zz/00"), withIntermediateDirectories: true)
        _ = folder.write([1], to: "blobs/zz/00/" + key.hex)
        _ = folder.write([1], to: "blobs/\(key.hex.prefix(2))/\(key.hex.dropFirst(2).prefix(2))/notes.txt")
        _ = folder.write([1], to: "blobs/README")
        #expect(try await store.keys(after: nil, limit: 10) == [key])
    }

    @Test func aBlobThatShrankUnderARangedReadFailsTheRead() async throws {
        let store = try FileBlobStore(root: folder.path)
        let key = try await store.put(Array(repeating: 1, count: 100), contentType: "image/jpeg")
        truncate(store.path(for: key), 10)
        await #expect(throws: BlobStoreError.self) { try await store.read(key, range: 0...99) { _ in } }
    }

    /// Chunks are read one ahead of the consumer: every byte still comes once and in order, whole or in a
    /// range that starts and ends inside chunks.
    @Test func readsAheadYetHandEveryByteOnceInOrder() async throws {
        let store = try FileBlobStore(root: folder.path)
        let size = 5 * FileBlobStore.readChunkSize + 1_234
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let key = try await store.put(bytes, contentType: "image/jpeg")
        for range in [
            nil, Int64(70_000)...Int64(200_000), Int64(0)...Int64(size - 1), Int64(size - 1)...Int64(size - 1),
        ] {
            var got: [UInt8] = []
            try await store.read(key, range: range) { got += Array($0.readableBytesView) }
            let expected = range.map { Array(bytes[Int($0.lowerBound)...Int($0.upperBound)]) } ?? bytes
            #expect(got == expected, "range \(String(describing: range))")
        }
    }

    /// A consumer that stops a read (a client gone) gets its error back, and the chunk read ahead meanwhile
    /// ends before the file is closed: no descriptor is left open on the blob.
    @Test func aConsumerThatStopsAReadLeavesNoDescriptorOpen() async throws {
        struct Gone: Error {}
        let store = try FileBlobStore(root: folder.path)
        let key = try await store.put(
            Array(repeating: 7, count: 4 * FileBlobStore.readChunkSize), contentType: "image/jpeg")
        await #expect(throws: Gone.self) { try await store.read(key, range: nil) { _ in throw Gone() } }
        let path = store.path(for: key)
        let open = (try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path
        }
        #expect(open.isEmpty, "descriptors still open on the blob: \(open)")
    }

    @Test(arguments: ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "0", count: 63)])
    func keysRejectAnythingButLowercaseHex(_ text: String) {
        #expect(BlobKey(hex: text) == nil)
    }
}
