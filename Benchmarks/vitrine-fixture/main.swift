import Catalog
import Foundation
import Ingest
import VitrineApp

/// `vitrine-fixture [--catalog URL] DATA COUNT`: grows the library in DATA (its catalog in DATA, or the
/// PostgreSQL database `--catalog` or VITRINE_CATALOG_URL names) to COUNT photos with synthetic rows that
/// reuse the assets of the photos already there (import some first, e.g. `vitrine serve --demo`).
///
/// Each synthetic photo copies a real photo's record and variants under a new id, content hash and date,
/// so every URL works and the grid, viewer and paging behave as with real photos, at any scale. The choice
/// of source photo and date comes from a fixed seed, so the same library grows into the same catalog (but for
/// the random ids) whichever catalog holds it: the catalog benchmark compares like with like.
let usage = "usage: vitrine-fixture [--catalog URL] DATA COUNT\n"
var arguments = Array(CommandLine.arguments.dropFirst())
var catalogURL = ProcessInfo.processInfo.environment["VITRINE_CATALOG_URL"].flatMap { $0.isEmpty ? nil : $0 }
if let flag = arguments.firstIndex(of: "--catalog") {
    guard flag + 1 < arguments.count else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    catalogURL = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count == 2, let target = Int(arguments[1]), target > 0 else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
var storage = StorageConfiguration(dataDirectory: arguments[0])
if let catalogURL {
    do {
        storage.catalog = try CatalogLocation.postgres(url: catalogURL)
    } catch {
        FileHandle.standardError.write(Data("vitrine-fixture: --catalog: \(error)\n".utf8))
        exit(2)
    }
}
let library = try await openLibrary(storage)
let existing = try await library.catalog.page(after: nil, limit: 200, filter: PhotoFilter()).items
guard !existing.isEmpty else {
    FileHandle.standardError.write(Data("the library is empty: import some photos first\n".utf8))
    exit(1)
}
let initial = try await library.catalog.count()
var remaining = target - initial
// Seeded by the count it starts from: growing 100 000 photos to 1 000 000 does not replay the dates the
// first 100 000 got.
var generator = SplitMix64(seed: 0x5649_5452_494E_45 ^ UInt64(clamping: initial))
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
