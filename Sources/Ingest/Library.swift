import Blobs
import Catalog
import Foundation

/// A data folder: `catalog.sqlite` (plus its WAL files), `blobs/` and `tmp/`.
///
/// Opening one also finishes what a killed process left behind: half-written temporaries are deleted
/// (no catalog row can point at them: rows are inserted only after blobs are renamed into place).
public struct Library: Sendable {
    public let directory: String
    public let catalog: PhotoCatalog
    public let blobs: FileBlobStore

    public init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        blobs = try FileBlobStore(root: directory)
        try blobs.removeTemporaries()
        catalog = try PhotoCatalog(path: directory + "/catalog.sqlite")
    }

    public func importer(options: ImportOptions = ImportOptions()) -> Importer {
        Importer(catalog: catalog, blobs: blobs, options: options)
    }
}
