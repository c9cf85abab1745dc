import Crypto
import Foundation
import Synchronization

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
        let name = Self.fileName(for: url)
        guard (try? writeAtomically(data, to: directory.appendingPathComponent(name))) != nil else { return }
        let evicted = index.withLock { $0.insert(data.count, for: name, cost: data.count) }
        for entry in evicted {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry.key))
        }
    }

    // MARK: Partial downloads

    /// The bytes of an interrupted download of `url` and the validator they were sent with.
    func partial(for url: URL) -> PartialDownload? {
        let base = directory.appendingPathComponent(Self.fileName(for: url))
        guard let validator = try? String(contentsOf: base.appendingPathExtension("validator"), encoding: .utf8),
            let data = try? Data(contentsOf: base.appendingPathExtension("partial")), !data.isEmpty
        else { return nil }
        return PartialDownload(data: data, validator: validator)
    }

    func storePartial(_ partial: PartialDownload, for url: URL) {
        let base = directory.appendingPathComponent(Self.fileName(for: url))
        removePartial(for: url)
        // The validator first: data without its validator is never read.
        guard (try? writeAtomically(Data(partial.validator.utf8), to: base.appendingPathExtension("validator"))) != nil
        else { return }
        try? writeAtomically(partial.data, to: base.appendingPathExtension("partial"))
    }

    func removePartial(for url: URL) {
        let base = directory.appendingPathComponent(Self.fileName(for: url))
        try? FileManager.default.removeItem(at: base.appendingPathExtension("partial"))
        try? FileManager.default.removeItem(at: base.appendingPathExtension("validator"))
    }

    // MARK: Files

    static func fileName(for url: URL) -> String {
        SHA256.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
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
