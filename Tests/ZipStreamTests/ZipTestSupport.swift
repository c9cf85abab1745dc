import Foundation
import TestSupport
import Testing

@testable import ZipStream

/// Entries' contents held in memory, optionally handed over short or long to test the checks.
struct MemoryContents: ZipContents {
    let files: [[UInt8]]
    var chunk = 7_919
    /// Bytes added to (or, negative, taken from) what each read hands over.
    var skew = 0

    func read(entry index: Int, range: Range<UInt64>, into body: ([UInt8]) async throws -> Void) async throws {
        let file = files[index]
        var bytes = Array(file[Int(range.lowerBound)..<Int(range.upperBound)])
        if skew > 0 { bytes += [UInt8](repeating: 0, count: skew) }
        if skew < 0 { bytes.removeLast(min(-skew, bytes.count)) }
        var at = 0
        while at < bytes.count {
            let end = min(at + chunk, bytes.count)
            try await body(Array(bytes[at..<end]))
            at = end
        }
    }
}

/// Entries in memory whose source keeps the checksums archives give it, and counts the bytes it hands over.
struct KeepingContents: ZipContents {
    final class Memory: @unchecked Sendable {
        let lock = NSLock()
        var checksums: [Int: UInt32] = [:]
        var bytesRead = 0
    }

    let files: [[UInt8]]
    let memory: Memory

    func read(entry index: Int, range: Range<UInt64>, into body: ([UInt8]) async throws -> Void) async throws {
        let bytes = Array(files[index][Int(range.lowerBound)..<Int(range.upperBound)])
        memory.lock.withLock { memory.bytesRead += bytes.count }
        try await body(bytes)
    }

    func knownChecksum(entry index: Int) -> UInt32? { memory.lock.withLock { memory.checksums[index] } }

    func remember(checksum: UInt32, entry index: Int) { memory.lock.withLock { memory.checksums[index] = checksum } }
}

/// An entry of any size made of one pattern repeated, so that gigabytes need no disk for their source.
struct RepeatedContents: ZipContents {
    let pattern: [UInt8]
    let sizes: [UInt64]

    func read(entry index: Int, range: Range<UInt64>, into body: ([UInt8]) async throws -> Void) async throws {
        let n = UInt64(pattern.count)
        var at = range.lowerBound
        while at < range.upperBound {
            let start = Int(at % n)
            let count = Int(min(UInt64(pattern.count - start), range.upperBound - at))
            try await body(Array(pattern[start..<start + count]))
            at += UInt64(count)
        }
    }
}

enum ZipCheck {
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The archive (or `range` of it) in memory.
    static func archive<C: ZipContents>(_ archive: ZipArchive<C>, range: Range<UInt64>? = nil) async throws -> [UInt8] {
        var out: [UInt8] = []
        try await archive.write(range: range ?? 0..<archive.layout.length) { out += $0.bytes }
        return out
    }

    /// Writes the archive to `path` a chunk at a time.
    static func write<C: ZipContents>(
        _ archive: ZipArchive<C>, to path: String, ranges: [Range<UInt64>]? = nil
    ) async throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for range in ranges ?? [0..<archive.layout.length] {
            try await archive.write(range: range) { try handle.write(contentsOf: $0.bytes) }
        }
    }
}
