import Crypto
import Foundation
import Synchronization
import VitrineAPI
import VitrineCore

/// Downloaded image bytes on disk, within a size limit, least recently used evicted first.
///
/// Files are named by the SHA-256 of their URL and written atomically (a temporary file renamed into
/// place), so a crash never leaves a torn image under a final name. The access order lives in an
/// in-memory index built once from the folder (oldest modification first) and kept up to date, so a
/// hit never lists the folder; a hit also touches the file's modification date so the order survives
/// a new instance. Asset URLs are content-addressed: a hit is never revalidated.
final class DiskCache: Sendable {
    let directory: URL
    private let index: Mutex<LRUList<String, Int>>

    /// A cache in `directory`, created if needed; if it cannot be, every store fails quietly and every
    /// lookup misses, as a cache may.
    init(directory: URL, sizeLimit: Int) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var list = LRUList<String, Int>(costLimit: max(0, sizeLimit))
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        var found: [(name: String, size: Int, date: Date)] = []
        // Temporary files are writes a crash interrupted.
        for file in files where file.lastPathComponent.hasPrefix(".tmp-") {
            try? FileManager.default.removeItem(at: file)
        }
        for file in files where Self.isEntryName(file.lastPathComponent) {
            let values = try? file.resourceValues(forKeys: Set(keys))
            found.append(
                (file.lastPathComponent, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast))
        }
        for entry in found.sorted(by: { $0.date < $1.date }) {
            for evicted in list.insert(entry.size, for: entry.name, cost: entry.size) {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(evicted.key))
            }
        }
        index = Mutex(list)
    }

    var totalSize: Int { index.withLock { $0.totalCost } }

    /// The stored bytes for `url`, now the most recently used.
    func data(for url: URL) -> Data? {
        let name = Self.fileName(for: url)
        guard index.withLock({ $0.value(for: name) }) != nil else { return nil }
        let file = directory.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: file) else {
            _ = index.withLock { $0.remove(name) }
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data
    }

    func store(_ data: Data, for url: URL) {
        store(data, named: Self.fileName(for: url))
    }

    private func store(_ data: Data, named name: String) {
        guard (try? writeAtomically(data, to: directory.appendingPathComponent(name))) != nil else { return }
        let evicted = index.withLock { $0.insert(data.count, for: name, cost: data.count) }
        for entry in evicted {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry.key))
        }
    }

    // MARK: Partial downloads

    /// The bytes of an interrupted download of `url` and the validator they were sent with, stored as
    /// one file (the validator, a newline, the bytes) that counts against the size limit like an image.
    func partial(for url: URL) -> PartialDownload? {
        let name = Self.fileName(for: url) + Self.partialSuffix
        guard index.withLock({ $0.value(for: name) }) != nil,
            let file = try? Data(contentsOf: directory.appendingPathComponent(name)),
            let newline = file.firstIndex(of: 0x0A), newline < file.endIndex - 1,
            let validator = String(data: file[file.startIndex..<newline], encoding: .utf8), !validator.isEmpty
        else { return nil }
        return PartialDownload(data: Data(file[(newline + 1)...]), validator: validator)
    }

    func storePartial(_ partial: PartialDownload, for url: URL) {
        // A validator is one header value: it never holds a newline, but a hostile one is not stored.
        guard !partial.validator.contains("\n") else { return }
        store(
            Data(partial.validator.utf8) + Data([0x0A]) + partial.data,
            named: Self.fileName(for: url) + Self.partialSuffix)
    }

    func removePartial(for url: URL) {
        let name = Self.fileName(for: url) + Self.partialSuffix
        guard index.withLock({ $0.remove(name) }) != nil else { return }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }

    // MARK: Files

    static func fileName(for url: URL) -> String {
        Hex.encode(SHA256.hash(data: Data(url.absoluteString.utf8)))
    }

    private static let partialSuffix = ".partial"

    /// A cached image's name, or an interrupted download's.
    private static func isEntryName(_ name: String) -> Bool {
        let hash = name.hasSuffix(partialSuffix) ? name.utf8.dropLast(partialSuffix.utf8.count) : name.utf8[...]
        return hash.count == 64 && hash.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private func writeAtomically(_ data: Data, to file: URL) throws {
        let temporary = directory.appendingPathComponent(".tmp-" + UUID().uuidString)
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

/// The first bytes of a download cut short, and the ETag or Last-Modified they came with, so a later
/// request can ask for the rest with `Range` and `If-Range`.
struct PartialDownload: Sendable {
    var data: Data
    var validator: String
}
