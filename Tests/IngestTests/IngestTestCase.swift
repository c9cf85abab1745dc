import Blobs
import Catalog
import Foundation
import Imaging
import TestSupport

@testable import Ingest

/// A real library in a temporary folder, and a folder of input files beside it.
final class IngestFixture: Sendable {
    let data = TemporaryDirectory("library")
    let inputs = TemporaryDirectory("inputs")
    let library: Library

    init() throws {
        library = try Library(directory: data.path)
    }

    func importer(
        render: RenderOptions = RenderOptions(), concurrency: Int = 2,
        beforeCatalogInsert: (@Sendable (String) async throws -> Void)? = nil
    ) -> Importer {
        Importer(
            catalog: library.catalog, blobs: library.blobs,
            options: ImportOptions(concurrency: concurrency, render: render),
            beforeCatalogInsert: beforeCatalogInsert)
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

    func bytes(_ variant: VariantRecord?) -> [UInt8] {
        guard let variant else { return [] }
        return Fixtures.bytes(of: library.blobs.path(for: variant.blobKey))
    }

    func decoded(_ variant: VariantRecord?) throws -> DecodedImage {
        try DecodedImage(encoded: bytes(variant))
    }

    var blobCount: Int { (try? library.blobs.allKeys().count) ?? -1 }
    /// Temporaries left in `tmp/` by any process (owner records aside).
    var temporaryCount: Int { (try? library.blobs.temporaries.leftoverFiles().count) ?? -1 }

    enum FixtureError: Error {
        case notImported(ImportOutcome)
        case missing(String)
    }
}
