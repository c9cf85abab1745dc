import Blobs
import Catalog
import CatalogPostgres
import CatalogSQLite
import Foundation
import TestSupport
import Testing
import VitrineCore

/// Every catalog implementation the contract suites run against. Another one is a case here and a line in
/// `open`: the suites take their catalogs from nowhere else.
enum CatalogUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A fresh SQLite file in the suite's temporary folder.
    case sqlite
    /// A fresh database on the test process's throwaway PostgreSQL server, one per folder.
    case postgres

    static var all: [CatalogUnderTest] { allCases }

    var testDescription: String { rawValue }

    /// Opens the catalog stored for `folder` (empty on first open). Opening again reaches the same catalog
    /// through a new connection, as another process would; `holder` is who its leases and marks name.
    func open(in folder: TemporaryDirectory, holder: LeaseHolder? = nil) async throws -> any PhotoCatalog {
        switch self {
        case .sqlite:
            return try SQLiteCatalog(path: folder.file("catalog.sqlite"), leaseHolder: holder)
        case .postgres:
            let stored = folder.file("postgres-url")
            let url: String
            if let existing = try? String(contentsOfFile: stored, encoding: .utf8) {
                url = existing
            } else {
                url = try PostgresServer.shared().makeDatabase("contract") + "&pool_size=4"
                try url.write(toFile: stored, atomically: true, encoding: .utf8)
            }
            return try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url), leaseHolder: holder)
        }
    }
}

/// Records for the contract suites: valid, distinct, with blob keys derived from the photo.
enum Samples {
    static func record(takenAt: Int64, id: String = PhotoID.make(), hash: String? = nil) -> PhotoRecord {
        PhotoRecord(
            id: id, contentHash: hash ?? UUID().uuidString, originalName: "\(id).jpg", format: "jpeg",
            mimeType: "image/jpeg", byteSize: 10, width: 4, height: 3, takenAt: takenAt, takenAtSource: "exif",
            thumbHash: Data([1, 2, 3]), averageColor: "#102030", importedAt: 0, updatedAt: 0)
    }

    /// One variant of every kind an import makes, keyed `keys[i]` when given, otherwise by photo and kind.
    static func variants(for id: String, keys: [BlobKey]? = nil) -> [VariantRecord] {
        VariantKind.madeAtImport.enumerated().map { index, kind in
            VariantRecord(
                photoId: id, kind: kind, blobKey: keys?[index] ?? BlobKey.of(Array("\(id)/\(kind.rawValue)".utf8)),
                mimeType: "image/jpeg", width: 4, height: 3, byteSize: 10)
        }
    }

    static func key(_ n: Int) -> BlobKey { BlobKey.of(Array("blob \(n)".utf8)) }

    /// Inserts a photo with every variant and returns its record.
    @discardableResult
    static func insert(
        _ catalog: any PhotoWriting, name: String? = nil, title: String? = nil, tags: [String] = [],
        takenAt: Int64 = 0, keys: [BlobKey]? = nil
    ) async throws -> PhotoRecord {
        var photo = record(takenAt: takenAt)
        if let name { photo.originalName = name }
        photo.title = title
        try await catalog.insert(photo, variants: variants(for: photo.id, keys: keys), tags: tags)
        return photo
    }
}

/// Events in the order they happened, across tasks.
actor EventLog {
    private(set) var events: [String] = []
    func append(_ event: String) { events.append(event) }
}

/// True when `body` returns within `limit`, false when it is still running then (it is cancelled): a test
/// fails instead of hanging on a wait that never ends.
func completes(within limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws -> Bool {
    try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask {
            try await body()
            return true
        }
        group.addTask {
            try await Task.sleep(for: limit)
            return false
        }
        let first = try await group.next() ?? false
        group.cancelAll()
        return first
    }
}
