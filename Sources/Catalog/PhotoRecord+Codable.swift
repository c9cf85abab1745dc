import Foundation
import VitrineCore

/// A photo record codes as one flat object, one key per column of the catalog's `photo` table, as GRDB
/// persists it: the camera settings' keys (`cameraMake`, …) sit beside the record's own, and the location is
/// its `latitude` and `longitude` columns, both or neither (a pair off the globe reads as no place).
extension PhotoRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case id, contentHash, originalName, title, format, mimeType, byteSize, width, height, takenAt
        case takenAtOffset, takenAtSource, latitude, longitude, thumbHash, averageColor, importedAt, updatedAt
        case colorfulness, status, kind, duration
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id), contentHash: try c.decode(String.self, forKey: .contentHash),
            originalName: try c.decode(String.self, forKey: .originalName),
            title: try c.decodeIfPresent(String.self, forKey: .title),
            format: try c.decode(String.self, forKey: .format),
            mimeType: try c.decode(String.self, forKey: .mimeType),
            byteSize: try c.decode(Int64.self, forKey: .byteSize),
            width: try c.decode(Int.self, forKey: .width), height: try c.decode(Int.self, forKey: .height),
            takenAt: try c.decode(Int64.self, forKey: .takenAt),
            takenAtOffset: try c.decodeIfPresent(Int.self, forKey: .takenAtOffset),
            takenAtSource: try c.decode(String.self, forKey: .takenAtSource),
            camera: try CameraSettings(from: decoder),
            location: GeoPoint(
                latitude: try c.decodeIfPresent(Double.self, forKey: .latitude),
                longitude: try c.decodeIfPresent(Double.self, forKey: .longitude)),
            thumbHash: try c.decode(Data.self, forKey: .thumbHash),
            averageColor: try c.decode(String.self, forKey: .averageColor),
            importedAt: try c.decode(Int64.self, forKey: .importedAt),
            updatedAt: try c.decode(Int64.self, forKey: .updatedAt),
            colorfulness: try c.decodeIfPresent(Double.self, forKey: .colorfulness),
            status: try c.decodeIfPresent(String.self, forKey: .status).map(PhotoStatus.init(stored:)) ?? .ready,
            kind: try c.decodeIfPresent(String.self, forKey: .kind).map(MediaKind.init(stored:)) ?? .photo,
            duration: try c.decodeIfPresent(Double.self, forKey: .duration))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(contentHash, forKey: .contentHash)
        try c.encode(originalName, forKey: .originalName)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(format, forKey: .format)
        try c.encode(mimeType, forKey: .mimeType)
        try c.encode(byteSize, forKey: .byteSize)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(takenAt, forKey: .takenAt)
        try c.encodeIfPresent(takenAtOffset, forKey: .takenAtOffset)
        try c.encode(takenAtSource, forKey: .takenAtSource)
        try camera.encode(to: encoder)
        try c.encodeIfPresent(location?.latitude, forKey: .latitude)
        try c.encodeIfPresent(location?.longitude, forKey: .longitude)
        try c.encode(thumbHash, forKey: .thumbHash)
        try c.encode(averageColor, forKey: .averageColor)
        try c.encode(importedAt, forKey: .importedAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(colorfulness, forKey: .colorfulness)
        // `ready` is the column's default: left out, a record still inserts into a catalog whose migrations
        // stop before the column (the backfill tests build such catalogs).
        if status != .ready { try c.encode(status.rawValue, forKey: .status) }
        // Likewise `photo` and no duration, the columns' defaults since `v18-media-kind`.
        if kind != .photo { try c.encode(kind.rawValue, forKey: .kind) }
        // Not `encodeIfPresent`: GRDB writes an absent value as NULL, naming the column.
        if let duration { try c.encode(duration, forKey: .duration) }
    }
}
