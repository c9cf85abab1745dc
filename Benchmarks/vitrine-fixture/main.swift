import Catalog
import Foundation
import Ingest
import VitrineApp

/// `vitrine-fixture DATA COUNT`: grows the library in DATA to COUNT photos with synthetic rows that reuse
/// the assets of the photos already there (import some first, e.g. `vitrine serve --demo`).
///
/// Each synthetic photo copies a real photo's record and variants under a new id, content hash and date,
/// so every URL works and the grid, viewer and paging behave as with real photos, at any scale.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let target = Int(arguments.last!), target > 0 else {
    FileHandle.standardError.write(Data("usage: vitrine-fixture DATA COUNT\n".utf8))
    exit(2)
}
let library = try await openLibrary(StorageConfiguration(dataDirectory: String(arguments.first!)))
let existing = try await library.catalog.page(after: nil, limit: 200, filter: PhotoFilter()).items
guard !existing.isEmpty else {
    FileHandle.standardError.write(Data("the library is empty: import some photos first\n".utf8))
    exit(1)
}
var remaining = target - (try await library.catalog.count())
var generator = SystemRandomNumberGenerator()
var serial = 0
let start = Date()
while remaining > 0 {
    let batch = min(remaining, 10_000)
    var rows: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])] = []
    rows.reserveCapacity(batch)
    for _ in 0..<batch {
        let source = existing[Int(generator.next(upperBound: UInt32(existing.count)))]
        var photo = source.photo
        serial += 1
        photo.id = PhotoID.make()
        photo.contentHash = "synthetic-\(photo.id)"
        photo.originalName = "synthetic-\(serial).jpg"
        // Spread over ten years so paging and sections see many dates.
        photo.takenAt = 1_450_000_000_000 + Int64(generator.next(upperBound: UInt64(315_000_000_000)))
        let variants = source.variants.values.map { variant in
            var copy = variant
            copy.photoId = photo.id
            return copy
        }
        rows.append((photo, variants, ["synthetic"]))
    }
    try await library.catalog.insertMany(rows)
    remaining -= batch
}
let finalCount = try await library.catalog.count()
print(
    "library has \(finalCount) photos (\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
