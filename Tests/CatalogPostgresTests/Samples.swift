import Blobs
import Catalog
import Foundation
import VitrineCore

/// Photos for these tests: valid, distinct, every variant kind.
enum Samples {
    @discardableResult
    static func insert(_ catalog: any PhotoWriting, takenAt: Int64 = 0) async throws -> PhotoRecord {
        let id = PhotoID.make()
        let photo = PhotoRecord(
            id: id, contentHash: UUID().uuidString, originalName: "\(id).jpg", format: "jpeg", mimeType: "image/jpeg",
            byteSize: 10, width: 4, height: 3, takenAt: takenAt, takenAtSource: "exif", thumbHash: Data([1, 2, 3]),
            averageColor: "#102030", importedAt: 0, updatedAt: 0)
        let variants = VariantKind.allCases.map { kind in
            VariantRecord(
                photoId: id, kind: kind, blobKey: BlobKey.of(Array("\(id)/\(kind.rawValue)".utf8)),
                mimeType: "image/jpeg", width: 4, height: 3, byteSize: 10)
        }
        try await catalog.insert(photo, variants: variants, tags: ["sample"])
        return photo
    }
}
