import Catalog
import Foundation
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineApp
import VitrineCore

/// A zip streams its originals through buffers the server reuses: a download of many megabytes does not
/// fault fresh memory in for every chunk it reads.
@Suite struct ZipMemoryTests {
    static let photos = 8
    static let originalSize = 4 << 20

    /// `photos` photos whose originals are `originalSize` random bytes each (a zip stores them as they are).
    static func library(_ data: TemporaryDirectory) async throws -> [String] {
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        var random = SeededGenerator(seed: 0x21F_0001)
        var ids: [String] = []
        for n in 0..<photos {
            let bytes = (0..<originalSize).map { _ in UInt8.random(in: 0...255, using: &random) }
            let key = try await library.blobs.put(bytes, contentType: "image/jpeg")
            let id = PhotoID.make()
            let photo = PhotoRecord(
                id: id, contentHash: key.hex, originalName: "big-\(n).jpg", format: "jpeg", mimeType: "image/jpeg",
                byteSize: Int64(bytes.count), width: 4000, height: 3000, takenAt: Int64(1_600_000_000_000 + n),
                takenAtSource: "file", thumbHash: Data([1]), averageColor: "#000000", importedAt: 0, updatedAt: 0)
            let original = VariantRecord(
                photoId: id, kind: .original, blobKey: key, mimeType: "image/jpeg", width: 4000, height: 3000,
                byteSize: Int64(bytes.count))
            try await library.catalog.insert(photo, variants: [original], tags: [])
            ids.append(id)
        }
        return ids
    }

    /// Minor page faults of process `pid` so far (`/proc/<pid>/stat`, field 10).
    static func minorFaults(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        guard let close = stat.lastIndex(of: ")") else { throw POSIXError(.EINVAL) }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 7, let faults = Int(fields[7]) else { throw POSIXError(.EINVAL) }
        return faults
    }

    @Test func aZipDownloadDoesNotFaultInMemoryForEveryChunk() async throws {
        let data = TemporaryDirectory("zip-memory")
        let ids = try await Self.library(data)
        let server = try LiveVitrineServer(data: data.path, arguments: ["--workers", "0"])
        defer { server.kill() }
        let port = server.port, path = "/api/v1/zip?ids=" + ids.joined(separator: ",")
        let pid = server.process.processIdentifier
        // The first download grows the heaps to what a stream needs; the second is measured.
        let first = try await onThread { try HTTPExchange.send(port: port, method: "GET", path: path) }
        try #require(first.status == 200)
        let before = try Self.minorFaults(pid)
        let second = try await onThread { try HTTPExchange.send(port: port, method: "GET", path: path) }
        let faults = try Self.minorFaults(pid) - before
        #expect(second.status == 200 && second.body == first.body)
        let pages = Self.photos * Self.originalSize / 4096
        // Heaps that hand freed chunks back to the system at once fault about 0.6 times per page streamed
        // (4 800 for these 8 192 pages, debug build); heaps that keep them, about 0.2.
        #expect(faults < pages / 3, "\(faults) page faults for \(pages) pages streamed")
    }
}
