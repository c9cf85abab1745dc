import Foundation
import TestSupport
import Testing

@testable import Blobs

@Suite struct FileBlobStoreTests {
    let folder = TemporaryDirectory("blobs")

    @Test func keyIsTheSHA256OfTheBytesAndTheFileIsSharded() throws {
        let store = try FileBlobStore(root: folder.path)
        let key = try store.write(Array("abc".utf8))
        #expect(key.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(store.path(for: key) == folder.path + "/blobs/ba/78/" + key.hex)
        #expect(try store.contains(key))
        #expect(try store.size(of: key) == 3)
        #expect(folder.read("blobs/ba/78/" + key.hex) == Array("abc".utf8))
    }

    @Test func writingTheSameBytesTwiceKeepsOneBlob() throws {
        let store = try FileBlobStore(root: folder.path)
        let first = try store.write([1, 2, 3])
        let second = try store.write([1, 2, 3])
        #expect(first == second)
        #expect(try store.allKeys() == [first])
    }

    @Test func streamsAFileAndChecksTheExpectedHash() throws {
        let store = try FileBlobStore(root: folder.path)
        // Larger than one copy chunk, so the streaming loop runs more than once.
        let bytes = (0..<(3 << 20 + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let source = folder.write(bytes, to: "big.bin")
        let (hashed, size) = try FileHasher.sha256(path: source)
        #expect(size == Int64(bytes.count))

        let (key, written) = try store.writeFile(at: source, expected: hashed)
        #expect(key == hashed)
        #expect(written == size)
        #expect(Fixtures.bytes(of: store.path(for: key)) == bytes)
    }

    @Test func aFileThatChangedSinceHashingIsNotStored() throws {
        let store = try FileBlobStore(root: folder.path)
        let source = folder.write([1, 2, 3], to: "changing.bin")
        let stale = try FileHasher.sha256(path: source).key
        _ = folder.write([4, 5, 6], to: "changing.bin")
        #expect(throws: BlobStoreError.self) { try store.writeFile(at: source, expected: stale) }
        #expect(try store.allKeys().isEmpty)
        #expect(try store.temporaries.leftoverFiles().isEmpty)
    }

    @Test func startUpRemovesTemporariesAKilledWriterLeftBehindButNotALiveOne() throws {
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
        #expect(try store.removeTemporaries() == 2)
        #expect(try store.temporaries.leftoverFiles() == [inFlight])
    }

    @Test func blobsAndTheirFoldersArePrivate() throws {
        let store = try FileBlobStore(root: folder.path + "/fresh")
        let key = try store.write([1, 2, 3, 4])
        let path = store.path(for: key)
        #expect(try mode(path) == 0o600)
        var shard = path
        for _ in 0..<3 {
            shard = DurableDirectory.parent(of: shard)
            #expect(try mode(shard) == 0o700, "\(shard)")
        }
        for path in [folder.path + "/fresh", folder.path + "/fresh/tmp"] { #expect(try mode(path) == 0o700) }
    }

    @Test func deleteRemovesTheBlobAndToleratesMissingOnes() throws {
        let store = try FileBlobStore(root: folder.path)
        let key = try store.write([7])
        try store.delete(key)
        #expect(try !store.contains(key))
        try store.delete(key)
    }

    @Test(arguments: ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "0", count: 63)])
    func keysRejectAnythingButLowercaseHex(_ text: String) {
        #expect(BlobKey(hex: text) == nil)
    }
}
