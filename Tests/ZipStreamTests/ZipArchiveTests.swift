import Foundation
import TestSupport
import Testing

@testable import ZipStream

/// Archives checked by independent readers: Python's `zipfile` (`testzip()` and every entry's bytes)
/// and Info-ZIP's `unzip -t`.
@Suite struct ZipArchiveTests {
    static let files: [[UInt8]] = [
        [], [0x42], ZipCheck.bytes(100_000, seed: 1), ZipCheck.bytes(65_537, seed: 2), ZipCheck.bytes(3, seed: 3),
    ]
    static let names = ["empty.jpg", "one.jpg", "2015-05-03 14.22.05.jpg", "Été à Zürich 写真.jpg", "last.heic"]
    static let when = DOSDateTime(year: 2015, month: 5, day: 3, hour: 14, minute: 22, second: 5)

    static func archive(chunk: Int = 7_919, skew: Int = 0) -> ZipArchive<MemoryContents> {
        let entries = zip(names, files).map { ZipEntry(name: $0, size: UInt64($1.count), modified: when) }
        return ZipArchive(entries: entries, contents: MemoryContents(files: files, chunk: chunk, skew: skew))
    }

    static func digest(_ bytes: [UInt8]) throws -> String {
        let dir = TemporaryDirectory("zip-digest")
        let path = dir.file("f")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try ChildProcess.run("/usr/bin/env", ["sha256sum", path]).output.split(separator: " ")[0].description
    }

    @Test func anArchiveIsReadBackByZipfileAndUnzipWithItsNamesDatesAndBytes() async throws {
        let dir = TemporaryDirectory("zip")
        let archive = Self.archive()
        let path = dir.file("a.zip")
        try await ZipCheck.write(archive, to: path)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size.map(UInt64.init) == archive.layout.length, "the length is known before writing")
        let lines = try await ZipReaders.python(path)
        #expect(lines.count == Self.files.count)
        for (k, line) in lines.enumerated() {
            let expected =
                "\(Self.names[k])\t\(Self.files[k].count)\t2015-05-03 14:22:04\t\(try Self.digest(Self.files[k]))"
            #expect(line == expected)
        }
        try await ZipReaders.unzip(path)
    }

    @Test func everyRangeIsTheSameBytesAsTheWholeArchive() async throws {
        let archive = Self.archive()
        let whole = try await ZipCheck.archive(archive)
        #expect(UInt64(whole.count) == archive.layout.length)
        let n = archive.layout.length
        // Every record's edges and a spread of points: inside headers, contents, descriptors, the
        // directory and the end records.
        var points: Set<UInt64> = [0, 1, n - 1, n, archive.layout.centralDirectoryOffset]
        for k in 0..<Self.files.count {
            let data = archive.layout.dataOffset(of: k)
            points.formUnion([archive.layout.headerOffsets[k], data, data + 1, data + UInt64(Self.files[k].count)])
        }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<40 { points.insert(UInt64.random(in: 0...n, using: &generator)) }
        let sorted = points.filter { $0 <= n }.sorted()
        for lower in sorted {
            for upper in sorted where upper > lower {
                let part = try await ZipCheck.archive(archive, range: lower..<upper)
                #expect(part == Array(whole[Int(lower)..<Int(upper)]), "\(lower)..<\(upper)")
            }
        }
    }

    /// A range over the directory needs every entry's checksum: read once, then kept by the source, so the
    /// next such range, of this archive or another of the same files, reads nothing.
    @Test func checksumsASourceKeepsSpareTheDirectoryItsReads() async throws {
        let entries = zip(Self.names, Self.files).map {
            ZipEntry(name: $0, size: UInt64($1.count), modified: Self.when)
        }
        let memory = KeepingContents.Memory()
        let archive = ZipArchive(entries: entries, contents: KeepingContents(files: Self.files, memory: memory))
        let whole = try await ZipCheck.archive(Self.archive())
        let directory = archive.layout.centralDirectoryOffset..<archive.layout.length
        let expected = Array(whole[Int(directory.lowerBound)...])
        #expect(try await ZipCheck.archive(archive, range: directory) == expected)
        let total = Self.files.map(\.count).reduce(0, +)
        #expect(memory.bytesRead == total, "the first directory reads each entry once")
        let again = ZipArchive(entries: entries, contents: KeepingContents(files: Self.files, memory: memory))
        #expect(try await ZipCheck.archive(again, range: directory) == expected)
        #expect(memory.bytesRead == total, "the second reads nothing")

        // A whole archive keeps the checksums its entries gave as they passed.
        let fresh = KeepingContents.Memory()
        let streamed = ZipArchive(entries: entries, contents: KeepingContents(files: Self.files, memory: fresh))
        #expect(try await ZipCheck.archive(streamed) == whole)
        #expect(try await ZipCheck.archive(streamed, range: directory) == expected)
        #expect(fresh.bytesRead == total)
    }

    @Test func aDownloadResumedInTheMiddleOfAnEntryIsTheSameValidArchive() async throws {
        let dir = TemporaryDirectory("zip")
        let archive = Self.archive()
        let cut = archive.layout.dataOffset(of: 2) + 12_345
        let path = dir.file("resumed.zip")
        try await ZipCheck.write(archive, to: path, ranges: [0..<cut, cut..<archive.layout.length])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(try await ZipCheck.archive(archive)))
        _ = try await ZipReaders.python(path)
        try await ZipReaders.unzip(path)
    }

    @Test func aSourceWithMoreOrFewerBytesThanPlannedFailsTheArchive() async throws {
        // One byte more already overflows the empty first entry; one fewer first shows in the second.
        for (skew, entry) in [(1, 0), (-1, 1)] {
            await #expect(throws: ZipError.sizeMismatch(entry: entry)) {
                _ = try await ZipCheck.archive(Self.archive(skew: skew))
            }
        }
    }

    @Test func aRangePastTheEndIsRefused() async throws {
        let archive = Self.archive()
        await #expect(throws: ZipError.badRange) {
            _ = try await ZipCheck.archive(archive, range: 0..<archive.layout.length + 1)
        }
        #expect(try await ZipCheck.archive(archive, range: 5..<5).isEmpty)
    }

    @Test func moreThan65535EntriesUseTheZip64End() async throws {
        let count = 70_000
        let files = (0..<count).map { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        var names = ZipNames()
        let entries = (0..<count).map { _ in
            ZipEntry(
                name: names.name(wallClock: "2020-01-02T03:04:05", fileExtension: "jpg"), size: 2, modified: Self.when)
        }
        let archive = ZipArchive(entries: entries, contents: MemoryContents(files: files))
        #expect(archive.layout.hasZip64End)
        let dir = TemporaryDirectory("zip")
        let path = dir.file("many.zip")
        try await ZipCheck.write(archive, to: path)
        let lines = try await ZipReaders.python(path, digests: false)
        #expect(lines.count == count)
        #expect(lines.first?.hasPrefix("2020-01-02 03.04.05.jpg\t2\t") == true)
        #expect(lines.last?.hasPrefix("2020-01-02 03.04.05 (\(count)).jpg\t2\t") == true)
        try await ZipReaders.unzip(path)
    }

    /// One entry past 4 GiB (zip64 sizes) and entries after it (zip64 offsets), from a repeated pattern;
    /// the archive is written to disk and read back whole by both tools.
    @Test func anArchiveOverFourGiBIsValid() async throws {
        let pattern = ZipCheck.bytes(1 << 20, seed: 9)
        let big = UInt64(4) << 30 + 12_345
        let sizes: [UInt64] = [1_000, big, 70_000, 5]
        var names = ZipNames()
        let entries = sizes.map {
            ZipEntry(
                name: names.name(wallClock: "2019-07-01T10:00:00", fileExtension: "mp4"), size: $0, modified: Self.when)
        }
        let archive = ZipArchive(entries: entries, contents: RepeatedContents(pattern: pattern, sizes: sizes))
        #expect(archive.layout.entries[1].isZip64)
        #expect(archive.layout.headerOffsets[2] > 0xFFFF_FFFF)
        let dir = TemporaryDirectory("zip-large")
        let path = dir.file("large.zip")
        try await ZipCheck.write(archive, to: path)
        let lines = try await ZipReaders.python(path, digests: false)
        #expect(lines.map { $0.split(separator: "\t")[1] } == sizes.map { "\($0)"[...] })
        try await ZipReaders.unzip(path)
    }
}
