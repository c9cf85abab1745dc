import Blobs
import Catalog
import CatalogSQLite
import Foundation
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

/// What a data folder must hold whatever was killed, and when: checked from outside, as files and rows.
enum LibraryInvariants {
    /// The catalog is sound, every photo is whole (`WholePhoto`; with `rendered`, every photo has all its
    /// variants), and every blob a row names exists and hashes to its name. Returns the number of photos.
    @discardableResult
    static func checkRows(_ data: String, _ label: String, rendered: Bool = false) async throws -> Int {
        let catalog = try SQLiteCatalog(path: data + "/catalog.sqlite")
        #expect(try await catalog.integrityCheck() == ["ok"], "\(label): integrity_check")
        var cursor: PageCursor?
        var photos = 0
        repeat {
            let page = try await catalog.page(after: cursor, limit: 200, filter: PhotoFilter())
            for item in page.items {
                photos += 1
                if let problem = try await WholePhoto.problem(item, queue: catalog) {
                    Issue.record("\(label): \(problem)")
                }
                if rendered && item.photo.status != .ready {
                    Issue.record("\(label): \(item.photo.id) is \(item.photo.status.rawValue)")
                }
            }
            cursor = page.nextCursor
        } while cursor != nil
        for hex in try await catalog.referencedBlobKeys().map(\.hex) {
            let path = blobPath(data, hex)
            guard FileManager.default.fileExists(atPath: path) else {
                Issue.record("\(label): blob \(hex) of a catalogued photo is missing")
                continue
            }
            #expect(try FileHasher.sha256(path: path).key.hex == hex, "\(label): blob \(hex) is damaged")
        }
        return photos
    }

    /// After `vitrine gc` with no writer running: no unreferenced blob, no lease, no temporaries.
    static func checkCollected(_ data: String, _ label: String) async throws {
        let catalog = try SQLiteCatalog(path: data + "/catalog.sqlite")
        let referenced = Set(try await catalog.referencedBlobKeys().map(\.hex))
        let unreferenced = try storedBlobNames(data).filter { !referenced.contains($0) }
        #expect(unreferenced.isEmpty, "\(label): \(unreferenced.count) unreferenced blobs remain after gc")
        #expect(try await catalog.leases().isEmpty, "\(label): leases remain after gc")
        try checkNoDeadTemporaries(data, label)
    }

    /// Where the disk store keeps a blob: `blobs/ab/cd/<sha256>` (read here as files, from outside).
    static func blobPath(_ data: String, _ hex: String) -> String {
        "\(data)/blobs/\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)"
    }

    /// The names of the blob files under `blobs/`.
    static func storedBlobNames(_ data: String) throws -> [String] {
        let root = data + "/blobs"
        return try FileManager.default.subpathsOfDirectory(atPath: root).compactMap { subpath in
            let name = String(subpath.split(separator: "/").last ?? "")
            return BlobKey(hex: name) != nil && subpath.split(separator: "/").count == 3 ? name : nil
        }
    }

    /// Every folder under `tmp/` belongs to a live process, and nothing else lies there.
    static func checkNoDeadTemporaries(_ data: String, _ label: String) throws {
        let root = data + "/tmp"
        for name in try FileManager.default.contentsOfDirectory(atPath: root) {
            let record = try? String(contentsOfFile: root + "/" + name + "/owner", encoding: .utf8)
            let liveness = record.map { ProcessIdentity.current.liveness(ofRecord: $0) }
            #expect(liveness == .alive, "\(label): tmp/\(name) is left over (\(String(describing: liveness)))")
        }
    }

    /// Every photo's original and preview, fetched from a running server and checked against their names
    /// (thumbs are left out: their URLs answer the format the client accepts).
    static func checkServed(_ data: String, port: Int, _ label: String) async throws {
        let catalog = try SQLiteCatalog(path: data + "/catalog.sqlite")
        let items = try await catalog.page(after: nil, limit: 200, filter: PhotoFilter()).items
        for hex in items.flatMap({ [$0.variants[.original], $0.variants[.preview]] }).compactMap({ $0?.blobKey.hex }) {
            let response = try HTTPExchange.send(port: port, method: "GET", path: "/assets/\(hex)")
            #expect(response.status == 200, "\(label): /assets/\(hex) answered \(response.status)")
            #expect(BlobKey.of(response.body).hex == hex, "\(label): /assets/\(hex) served other bytes")
        }
    }

    static func photoCount(_ data: String) async throws -> Int {
        try await SQLiteCatalog(path: data + "/catalog.sqlite").count()
    }
}
