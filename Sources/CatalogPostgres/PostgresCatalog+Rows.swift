import Catalog
import Foundation
import NIOCore
import PostgresNIO
import VitrineCore

/// The catalog's records as rows: the column lists the statements select and insert, and their decoding.
/// Columns are read by position, in the order of these lists.
extension PostgresCatalog {
    /// Every column of `photo` but `search`, in `PhotoRecord`'s order.
    static let photoColumns = """
        photo.id, photo.content_hash, photo.original_name, photo.title, photo.format, photo.mime_type, \
        photo.byte_size, photo.width, photo.height, photo.taken_at, photo.taken_at_offset, photo.taken_at_source, \
        photo.camera_make, photo.camera_model, photo.lens, photo.exposure_time, photo.f_number, photo.iso, \
        photo.focal_length, photo.latitude, photo.longitude, photo.thumb_hash, photo.average_color, \
        photo.imported_at, photo.updated_at, photo.colorfulness, photo.status, photo.kind, photo.duration
        """

    /// `photoColumns` without the table name, for INSERT, and the type of each (so a batch whose rows are all
    /// NULL in a column still has its type).
    static let photoInsertColumns: [(name: String, type: String)] = [
        ("id", "text"), ("content_hash", "text"), ("original_name", "text"), ("title", "text"), ("format", "text"),
        ("mime_type", "text"), ("byte_size", "bigint"), ("width", "integer"), ("height", "integer"),
        ("taken_at", "bigint"), ("taken_at_offset", "integer"), ("taken_at_source", "text"),
        ("camera_make", "text"), ("camera_model", "text"), ("lens", "text"), ("exposure_time", "double precision"),
        ("f_number", "double precision"), ("iso", "bigint"), ("focal_length", "double precision"),
        ("latitude", "double precision"), ("longitude", "double precision"), ("thumb_hash", "bytea"),
        ("average_color", "text"), ("imported_at", "bigint"), ("updated_at", "bigint"),
        ("colorfulness", "double precision"), ("status", "text"), ("kind", "text"), ("duration", "double precision"),
    ]

    static let variantColumns =
        "variant.photo_id, variant.kind, variant.blob_key, variant.mime_type, variant.width, variant.height, variant.byte_size"

    /// The count and the photo of a row that is the count then `photoColumns`, decoded in one pass over the
    /// row (no random-access index of its cells: pages decode a hundred of these).
    static func countAndPhoto(from row: PostgresRow) throws -> (Int, PhotoRecord) {
        let (
            count, id, contentHash, originalName, title, format, mimeType, byteSize, width, height, takenAt,
            takenAtOffset, takenAtSource, cameraMake, cameraModel, lens, exposureTime, fNumber, iso, focalLength,
            latitude, longitude, thumbHash, averageColor, importedAt, updatedAt, colorfulness, status, kind, duration
        ) = try row.decode(
            (
                Int64, String, String, String, String?, String, String, Int64, Int, Int, Int64, Int?, String, String?,
                String?, String?, Double?, Double?, Int?, Double?, Double?, Double?, Data, String, Int64, Int64,
                Double?, String, String, Double?
            ).self)
        let photo = PhotoRecord(
            id: id, contentHash: contentHash, originalName: originalName, title: title, format: format,
            mimeType: mimeType, byteSize: byteSize, width: width, height: height, takenAt: takenAt,
            takenAtOffset: takenAtOffset, takenAtSource: takenAtSource,
            camera: CameraSettings(
                make: cameraMake, model: cameraModel, lens: lens, exposureTime: exposureTime, fNumber: fNumber,
                iso: iso, focalLength: focalLength),
            location: GeoPoint(latitude: latitude, longitude: longitude), thumbHash: thumbHash,
            averageColor: averageColor, importedAt: importedAt, updatedAt: updatedAt, colorfulness: colorfulness,
            status: PhotoStatus(stored: status), kind: MediaKind(stored: kind), duration: duration)
        return (Int(clamping: count), photo)
    }

    /// A photo from a row whose first columns are `photoColumns`.
    static func photo(from row: PostgresRow) throws -> PhotoRecord { try photo(from: row, offset: 0) }

    /// A photo from a row whose columns from `offset` on are `photoColumns`.
    static func photo(from row: PostgresRow, offset o: Int) throws -> PhotoRecord {
        let cells = PostgresRandomAccessRow(row)
        return PhotoRecord(
            id: try cells[o].decode(String.self), contentHash: try cells[o + 1].decode(String.self),
            originalName: try cells[o + 2].decode(String.self), title: try cells[o + 3].decode(String?.self),
            format: try cells[o + 4].decode(String.self), mimeType: try cells[o + 5].decode(String.self),
            byteSize: try cells[o + 6].decode(Int64.self), width: try cells[o + 7].decode(Int.self),
            height: try cells[o + 8].decode(Int.self), takenAt: try cells[o + 9].decode(Int64.self),
            takenAtOffset: try cells[o + 10].decode(Int?.self), takenAtSource: try cells[o + 11].decode(String.self),
            camera: CameraSettings(
                make: try cells[o + 12].decode(String?.self), model: try cells[o + 13].decode(String?.self),
                lens: try cells[o + 14].decode(String?.self), exposureTime: try cells[o + 15].decode(Double?.self),
                fNumber: try cells[o + 16].decode(Double?.self), iso: try cells[o + 17].decode(Int?.self),
                focalLength: try cells[o + 18].decode(Double?.self)),
            location: GeoPoint(
                latitude: try cells[o + 19].decode(Double?.self), longitude: try cells[o + 20].decode(Double?.self)),
            thumbHash: try cells[o + 21].decode(Data.self),
            averageColor: try cells[o + 22].decode(String.self), importedAt: try cells[o + 23].decode(Int64.self),
            updatedAt: try cells[o + 24].decode(Int64.self), colorfulness: try cells[o + 25].decode(Double?.self),
            status: PhotoStatus(stored: try cells[o + 26].decode(String.self)),
            kind: MediaKind(stored: try cells[o + 27].decode(String.self)),
            duration: try cells[o + 28].decode(Double?.self))
    }

    /// Binds a photo's columns in `photoInsertColumns` order and appends them as the start of a VALUES row,
    /// `($1::text, …` (the caller adds the rest and closes it).
    static func appendValues(of photo: PhotoRecord, to query: inout QueryBuilder) {
        let placeholders = [
            query.bind(photo.id), query.bind(photo.contentHash), query.bind(photo.originalName),
            query.bind(photo.title),
            query.bind(photo.format), query.bind(photo.mimeType), query.bind(photo.byteSize), query.bind(photo.width),
            query.bind(photo.height), query.bind(photo.takenAt), query.bind(photo.takenAtOffset),
            query.bind(photo.takenAtSource), query.bind(photo.camera.make), query.bind(photo.camera.model),
            query.bind(photo.camera.lens), query.bind(photo.camera.exposureTime), query.bind(photo.camera.fNumber),
            query.bind(photo.camera.iso), query.bind(photo.camera.focalLength), query.bind(photo.location?.latitude),
            query.bind(photo.location?.longitude),
            query.bind(ByteBuffer(bytes: photo.thumbHash)), query.bind(photo.averageColor),
            query.bind(photo.importedAt), query.bind(photo.updatedAt),
            // Estimated from the average colour when the import did not measure it, as `SQLiteCatalog` does.
            query.bind(photo.colorfulness ?? Colorfulness.estimate(hexColor: photo.averageColor)),
            query.bind(photo.status.rawValue), query.bind(photo.kind.rawValue), query.bind(photo.duration),
        ]
        query.append(
            "(" + zip(placeholders, photoInsertColumns).map { "\($0)::\($1.type)" }.joined(separator: ", "))
    }

    /// A variant from a row whose columns start at `offset` in `variantColumns` order; a row whose kind or key
    /// this version does not know is skipped (nil), as a newer schema's rows would be.
    static func variant(from row: PostgresRow, offset: Int = 0) throws -> VariantRecord? {
        if offset == 0 {
            // The whole row is the variant: one pass over it, no random-access index of its cells.
            let (photoId, kindText, keyText, mimeType, width, height, byteSize) = try row.decode(
                (String, String, String, String, Int, Int, Int64).self)
            guard let kind = VariantKind(rawValue: kindText), let key = BlobKey(hex: keyText) else { return nil }
            return VariantRecord(
                photoId: photoId, kind: kind, blobKey: key, mimeType: mimeType, width: width, height: height,
                byteSize: byteSize)
        }
        let cells = PostgresRandomAccessRow(row)
        guard let kind = VariantKind(rawValue: try cells[offset + 1].decode(String.self)),
            let key = BlobKey(hex: try cells[offset + 2].decode(String.self))
        else { return nil }
        return VariantRecord(
            photoId: try cells[offset].decode(String.self), kind: kind, blobKey: key,
            mimeType: try cells[offset + 3].decode(String.self), width: try cells[offset + 4].decode(Int.self),
            height: try cells[offset + 5].decode(Int.self), byteSize: try cells[offset + 6].decode(Int64.self))
    }
}

extension PostgresRowSequence {
    /// Every row, decoded by `transform`.
    func collect<T>(_ transform: (PostgresRow) throws -> T) async throws -> [T] {
        var result: [T] = []
        for try await row in self { result.append(try transform(row)) }
        return result
    }
}

extension AsyncSequence {
    /// Every element, in order.
    func all() async throws -> [Element] {
        var result: [Element] = []
        for try await element in self { result.append(element) }
        return result
    }
}
