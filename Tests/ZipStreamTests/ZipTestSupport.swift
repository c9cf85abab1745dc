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
    static func archive(_ archive: ZipArchive, range: Range<UInt64>? = nil) async throws -> [UInt8] {
        var out: [UInt8] = []
        try await archive.write(range: range ?? 0..<archive.layout.length) { out += $0 }
        return out
    }

    /// Writes the archive to `path` a chunk at a time.
    static func write(_ archive: ZipArchive, to path: String, ranges: [Range<UInt64>]? = nil) async throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for range in ranges ?? [0..<archive.layout.length] {
            try await archive.write(range: range) { try handle.write(contentsOf: $0) }
        }
    }

    /// Python's `zipfile` opens the archive, `testzip()` checks every entry's checksum, and it prints one
    /// line per entry, tab-separated: name, size, date and time, and the SHA-256 of the contents when `digests`.
    static func python(_ path: String, digests: Bool = true) async throws -> [String] {
        let script = """
            import hashlib, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            bad = z.testzip()
            if bad is not None: sys.exit('bad entry: ' + bad)
            for i in z.infolist():
                d = hashlib.sha256(z.read(i)).hexdigest() if sys.argv[2] == '1' else '-'
                print(i.filename, i.file_size, '%04d-%02d-%02d %02d:%02d:%02d' % i.date_time, d, sep='\\t')
            """
        let result = try await onThread {
            try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, path, digests ? "1" : "0"])
        }
        #expect(result.status == 0, "zipfile: \(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    /// Info-ZIP's `unzip -t`: every entry read back and its checksum checked.
    static func unzip(_ path: String) async throws {
        let result = try await onThread { try ChildProcess.run("/usr/bin/env", ["unzip", "-tq", path]) }
        #expect(result.status == 0, "unzip -t: \(result.output)")
        #expect(result.output.contains("No errors detected"), "unzip -t: \(result.output)")
    }
}
