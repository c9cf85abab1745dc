import Catalog
import Foundation
import GRDB
import VitrineCore

// Photos and variants decoded by column position, for the reads every page and detail makes.
//
// The `Codable` route looks each column up by name (case-folded and hashed) through a `Decoder` and its
// containers; on a page of 20 photos and 100 variants that was most of the catalog's time. These reads
// select the columns below, in this order, and read them by index. Values are checked as the `Codable`
// route checks them: a NULL where a value is required, or text that is not a kind or a key, throws.

extension PhotoRecord {
    /// The columns `init(positional:)` reads, qualified so that joins can select them.
    static let positionalColumns = """
        photo.id, photo.contentHash, photo.originalName, photo.title, photo.format, photo.mimeType, \
        photo.byteSize, photo.width, photo.height, photo.takenAt, photo.takenAtOffset, photo.takenAtSource, \
        photo.cameraMake, photo.cameraModel, photo.lens, photo.exposureTime, photo.fNumber, photo.iso, \
        photo.focalLength, photo.latitude, photo.longitude, photo.thumbHash, photo.averageColor, \
        photo.importedAt, photo.updatedAt, photo.colorfulness, photo.status, photo.kind, photo.duration
        """

    init(positional row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0), contentHash: try row.decode(atIndex: 1),
            originalName: try row.decode(atIndex: 2), title: try row.decode(atIndex: 3),
            format: try row.decode(atIndex: 4), mimeType: try row.decode(atIndex: 5),
            byteSize: try row.decode(atIndex: 6), width: try row.decode(atIndex: 7),
            height: try row.decode(atIndex: 8), takenAt: try row.decode(atIndex: 9),
            takenAtOffset: try row.decode(atIndex: 10), takenAtSource: try row.decode(atIndex: 11),
            camera: CameraSettings(
                make: try row.decode(atIndex: 12), model: try row.decode(atIndex: 13),
                lens: try row.decode(atIndex: 14), exposureTime: try row.decode(atIndex: 15),
                fNumber: try row.decode(atIndex: 16), iso: try row.decode(atIndex: 17),
                focalLength: try row.decode(atIndex: 18)),
            location: GeoPoint(latitude: try row.decode(atIndex: 19), longitude: try row.decode(atIndex: 20)),
            thumbHash: try row.decode(atIndex: 21),
            averageColor: try row.decode(atIndex: 22), importedAt: try row.decode(atIndex: 23),
            updatedAt: try row.decode(atIndex: 24), colorfulness: try row.decode(atIndex: 25),
            status: PhotoStatus(stored: try row.decode(atIndex: 26)),
            kind: MediaKind(stored: try row.decode(atIndex: 27)), duration: try row.decode(atIndex: 28))
    }
}

extension VariantRecord {
    static let positionalColumns =
        "variant.photoId, variant.kind, variant.blobKey, variant.mimeType, variant.width, variant.height, variant.byteSize"

    init(positional row: Row) throws {
        let kindText: String = try row.decode(atIndex: 1)
        let keyText: String = try row.decode(atIndex: 2)
        guard let kind = VariantKind(rawValue: kindText), let key = BlobKey(hex: keyText) else {
            throw DatabaseError(
                message: "variant row with kind \(kindText.debugDescription) and key \(keyText.debugDescription)")
        }
        self.init(
            photoId: try row.decode(atIndex: 0), kind: kind, blobKey: key, mimeType: try row.decode(atIndex: 3),
            width: try row.decode(atIndex: 4), height: try row.decode(atIndex: 5),
            byteSize: try row.decode(atIndex: 6))
    }
}

extension SQLiteCatalog {
    /// The photos `sql` selects (it must select `PhotoRecord.positionalColumns`), through a cached statement.
    static func positionalPhotos(
        _ sql: String, arguments: StatementArguments, in db: Database
    ) throws
        -> [PhotoRecord]
    {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var photos: [PhotoRecord] = []
        while let row = try rows.next() { photos.append(try PhotoRecord(positional: row)) }
        return photos
    }
}
