import Blobs
import Foundation
import NIOCore
import TestSupport
import Testing
import VitrineCore

/// The behaviours every `BlobStore` must have, whatever keeps the bytes: the rest of the app relies on
/// exactly these and nothing else.
@Suite struct BlobStoreContractTests {
    let scratch = TemporaryDirectory("contract-inputs")

    /// Bytes that span several read chunks, with no repeating pattern a wrong offset could hide behind.
    static func sample(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 7919) ^ ($0 >> 8) ^ Int(seed)) }
    }

    /// The chunks `read` hands over, in order.
    static func chunks(
        _ store: any BlobStore, _ key: BlobKey, range: ClosedRange<Int64>? = nil
    ) async throws -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        try await store.read(key, range: range) { chunks.append(Array($0.readableBytesView)) }
        return chunks
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func putStoresBytesUnderTheirSHA256Once(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let key = try await store.put(Array("abc".utf8), contentType: "text/plain")
            #expect(key.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(try await store.put(Array("abc".utf8), contentType: "text/plain") == key)
            #expect(try await store.keys(after: nil, limit: 10) == [key])
            #expect(try await store.attributes(of: key)?.size == 3)
            #expect(try await store.bytes(of: key) == Array("abc".utf8))
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func anEmptyBlobIsABlobToo(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let key = try await store.put([], contentType: "application/octet-stream")
            #expect(key == BlobKey.of([]))
            #expect(try await store.attributes(of: key)?.size == 0)
            #expect(try await store.bytes(of: key).isEmpty)
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func putFileStreamsAndChecksTheExpectedHash(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            // Larger than any store's copy chunk, so the streaming loops run more than once.
            let bytes = Self.sample(3 << 20 + 123)
            let path = scratch.write(bytes, to: "big.bin")
            let expected = BlobKey.of(bytes)
            let stored = try await store.putFile(at: path, expected: nil, contentType: "image/jpeg")
            #expect(stored.key == expected && stored.size == Int64(bytes.count))
            let again = try await store.putFile(at: path, expected: expected, contentType: "image/jpeg")
            #expect(again.key == expected && again.size == Int64(bytes.count), "idempotent")
            #expect(try await store.bytes(of: expected) == bytes)

            // The file changed since it was hashed: refused, and nothing stored under either key.
            let changed = scratch.write([4, 5, 6], to: "changed.bin")
            let stale = BlobKey.of([1, 2, 3])
            await #expect(throws: BlobStoreError.contentChanged(expected: stale, actual: BlobKey.of([4, 5, 6]))) {
                try await store.putFile(at: changed, expected: stale, contentType: "image/jpeg")
            }
            #expect(try await store.attributes(of: stale) == nil)
            #expect(try await store.attributes(of: BlobKey.of([4, 5, 6])) == nil)
            #expect(try await store.keys(after: nil, limit: 10) == [expected])
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func attributesAreNilForAnAbsentBlob(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let absent = BlobKey.of(Array("never stored".utf8))
            #expect(try await store.attributes(of: absent) == nil)
            #expect(try await !store.contains(absent))
            let key = try await store.put(Self.sample(1000), contentType: "image/webp")
            #expect(try await store.contains(key))
            #expect(try await store.attributes(of: key)?.size == 1000)
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func readsTheWholeBlobOrAnyRangeOfIt(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let bytes = Self.sample(200_001, seed: 3)
            let key = try await store.put(bytes, contentType: "image/jpeg")
            let whole = try await Self.chunks(store, key)
            #expect(whole.count > 1, "read streams in chunks")
            #expect(whole.allSatisfy { !$0.isEmpty })
            #expect(Array(whole.joined()) == bytes)
            let last = Int64(bytes.count - 1)
            let ranges: [ClosedRange<Int64>] = [0...0, last...last, 0...last, 65_530...131_080, 1...(last - 1)]
            for range in ranges {
                let read = Array(try await Self.chunks(store, key, range: range).joined())
                #expect(read == Array(bytes[Int(range.lowerBound)...Int(range.upperBound)]), "\(range)")
            }
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func readingAnAbsentBlobThrowsNotFound(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let absent = BlobKey.of(Array("absent".utf8))
            await #expect(throws: BlobStoreError.notFound(absent)) { try await store.read(absent, range: nil) { _ in } }
            await #expect(throws: BlobStoreError.notFound(absent)) {
                try await store.read(absent, range: 0...0) { _ in }
            }
            await #expect(throws: BlobStoreError.notFound(absent)) { try await store.withLocalFile(absent) { $0 } }
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func withLocalFileHandsAFileHoldingTheBytes(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let bytes = Self.sample(150_000, seed: 9)
            let key = try await store.put(bytes, contentType: "image/jpeg")
            let (path, seen) = try await store.withLocalFile(key) { path in (path, Fixtures.bytes(of: path)) }
            #expect(seen == bytes)
            // Afterwards the path is either the stored blob itself, unchanged, or a temporary that is gone.
            let exists = FileManager.default.fileExists(atPath: path)
            #expect(!exists || Fixtures.bytes(of: path) == bytes)
            struct Failure: Error {}
            await #expect(throws: Failure.self) { try await store.withLocalFile(key) { _ in throw Failure() } }
            #expect(try await store.bytes(of: key) == bytes, "a failing body leaves the blob alone")
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func theInventoryPagesInAscendingOrderAndMissesNothing(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            var stored: Set<BlobKey> = []
            for index in 0..<40 { stored.insert(try await store.put(Array("blob \(index)".utf8), contentType: "a/b")) }
            var seen: [BlobKey] = []
            var pages = 0
            while true {
                let page = try await store.keys(after: seen.last, limit: 7)
                #expect(page.count <= 7)
                #expect(page == page.sorted(), "ascending within a page")
                if let previous = seen.last, let first = page.first { #expect(first > previous, "strictly after") }
                guard !page.isEmpty else { break }
                seen += page
                pages += 1
                try #require(pages <= 40, "the inventory must end")
            }
            #expect(pages == 6)
            #expect(seen.count == stored.count && Set(seen) == stored, "every key once")
            #expect(try await store.keys(after: nil, limit: 0).isEmpty)
            let sorted = stored.sorted()
            #expect(try await store.keys(after: sorted[9], limit: 3) == Array(sorted[10...12]))
            // A key that is not stored is a fine place to start from.
            let unstored = BlobKey.of(Array("not stored".utf8))
            #expect(try await store.keys(after: unstored, limit: 100) == sorted.filter { $0 > unstored })
            #expect(try await store.keys(after: sorted[sorted.count - 1], limit: 5).isEmpty)
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func deleteRemovesTheKeysAndToleratesAbsentOnes(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let a = try await store.put([1], contentType: "a/b")
            let b = try await store.put([2], contentType: "a/b")
            let c = try await store.put([3], contentType: "a/b")
            let absent = BlobKey.of([4])
            try await store.delete([a, absent, c])
            #expect(try await store.attributes(of: a) == nil)
            #expect(try await store.attributes(of: c) == nil)
            #expect(try await store.keys(after: nil, limit: 10) == [b])
            try await store.delete([a, absent])
            try await store.delete([])
            #expect(try await store.bytes(of: b) == [2])
            // A deleted key can be stored again.
            #expect(try await store.put([1], contentType: "a/b") == a)
            #expect(try await store.bytes(of: a) == [1])
        }
    }

    @Test(arguments: BlobStoreUnderTest.all)
    func concurrentPutsOfTheSameKeyStoreItOnce(_ subject: BlobStoreUnderTest) async throws {
        try await subject.run { store in
            let bytes = Self.sample(300_000, seed: 5)
            let path = scratch.write(bytes, to: "same.bin")
            let keys = try await withThrowingTaskGroup(of: BlobKey.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        index.isMultiple(of: 2)
                            ? try await store.put(bytes, contentType: "image/jpeg")
                            : try await store.putFile(at: path, expected: BlobKey.of(bytes), contentType: "image/jpeg")
                                .key
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(keys) == [BlobKey.of(bytes)] && keys.count == 12)
            #expect(try await store.keys(after: nil, limit: 10) == [BlobKey.of(bytes)])
            #expect(try await store.bytes(of: BlobKey.of(bytes)) == bytes)
        }
    }
}
