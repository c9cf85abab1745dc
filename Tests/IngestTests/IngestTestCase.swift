import Blobs
import Catalog
import Foundation
import Imaging
import TestSupport
import VitrineApp
import VitrineCore

@testable import Ingest

/// A real library in a temporary folder, opened through the composition root, and a folder of input files
/// beside it.
final class IngestFixture: Sendable {
    let data = TemporaryDirectory("library")
    let inputs = TemporaryDirectory("inputs")
    let library: Library

    init() async throws {
        library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
    }

    /// The library reopened, as after a restart.
    func reopen() async throws -> Library { try await openLibrary(StorageConfiguration(dataDirectory: data.path)) }

    func importer(
        render: RenderOptions = RenderOptions(), concurrency: Int = 2,
        beforeCatalogInsert: (@Sendable (String) async throws -> Void)? = nil
    ) -> Importer {
        Importer(
            catalog: library.catalog, blobs: library.blobs,
            options: ImportOptions(concurrency: concurrency, render: render),
            beforeCatalogInsert: beforeCatalogInsert, temporaries: library.temporaries)
    }

    func importOne(_ path: String, render: RenderOptions = RenderOptions()) async -> ImportOutcome {
        await importer(render: render).importFile(at: path)
    }

    func photo(_ outcome: ImportOutcome) async throws -> PhotoWithVariants {
        guard case .imported(_, let id) = outcome else {
            throw FixtureError.notImported(outcome)
        }
        guard let item = try await library.catalog.photo(id: id) else { throw FixtureError.missing(id) }
        return item
    }

    func bytes(_ variant: VariantRecord?) async throws -> [UInt8] {
        guard let key = variant?.blobKey else { return [] }
        return try await library.blobs.bytes(of: key)
    }

    func decoded(_ variant: VariantRecord?) async throws -> DecodedImage {
        try DecodedImage(encoded: try await bytes(variant))
    }

    /// Stores `bytes` as a blob no photo references (yet).
    func store(_ bytes: [UInt8]) async throws -> BlobKey {
        try await library.blobs.put(bytes, contentType: "application/octet-stream")
    }

    func blobCount() async throws -> Int { try await library.blobs.allKeys().count }

    /// Temporaries left in `tmp/` by any process (owner records aside).
    var temporaryCount: Int { (try? library.temporaries.leftoverFiles().count) ?? -1 }

    enum FixtureError: Error {
        case notImported(ImportOutcome)
        case missing(String)
    }
}
