import Catalog
import Foundation
import Ingest
import TestSupport

/// A photo catalogued with its original only, as a stored upload waits for its render job: a real JPEG of
/// `width`×`height` (distinct per `seed`) in the library's blob store, and a row with no other variant.
package func insertUnrenderedPhoto(
    _ library: Library, scratch: TemporaryDirectory, seed: UInt32, width: Int = 900, height: Int = 600
) async throws -> String {
    let path = try Fixtures.write(scratch.file("unrendered-\(seed).jpg"), width: width, height: height, seed: seed)
    let bytes = Fixtures.bytes(of: path)
    let key = try await library.blobs.put(bytes, contentType: "image/jpeg")
    let id = PhotoID.make()
    let photo = PhotoRecord(
        id: id, contentHash: key.hex, originalName: "unrendered-\(seed).jpg", format: "jpeg", mimeType: "image/jpeg",
        byteSize: Int64(bytes.count), width: width, height: height, takenAt: Int64(seed), takenAtSource: "file",
        thumbHash: Data([1]), averageColor: "#000000", importedAt: 0, updatedAt: 0)
    let original = VariantRecord(
        photoId: id, kind: .original, blobKey: key, mimeType: "image/jpeg", width: width, height: height,
        byteSize: Int64(bytes.count))
    try await library.catalog.insert(photo, variants: [original], tags: [])
    return id
}
