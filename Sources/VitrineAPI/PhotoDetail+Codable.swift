import VitrineCore

/// The detail codes as the API documents it: the camera settings as flat fields beside the detail's own
/// (their keys are `CameraSettings.CodingKeys`), the place as a nested `location` object.
extension PhotoDetail: Codable {
    enum CodingKeys: String, CodingKey {
        case id, width, height, title, originalName, format, mimeType, byteSize, takenAt, takenAtOffset
        case takenAtSource, location, tags, placeholder, thumb, preview, original, importedAt, favorite, albums
        case status, kind, duration, video, motion, motionOriginal
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id), width: try c.decode(Int.self, forKey: .width),
            height: try c.decode(Int.self, forKey: .height), title: try c.decodeIfPresent(String.self, forKey: .title),
            originalName: try c.decode(String.self, forKey: .originalName),
            format: try c.decode(String.self, forKey: .format), mimeType: try c.decode(String.self, forKey: .mimeType),
            byteSize: try c.decode(Int64.self, forKey: .byteSize), takenAt: try c.decode(String.self, forKey: .takenAt),
            takenAtOffset: try c.decodeIfPresent(Int.self, forKey: .takenAtOffset),
            takenAtSource: try c.decode(String.self, forKey: .takenAtSource), camera: try CameraSettings(from: decoder),
            location: try c.decodeIfPresent(GeoPoint.self, forKey: .location),
            tags: try c.decode([String].self, forKey: .tags),
            placeholder: try c.decode(Placeholder.self, forKey: .placeholder),
            thumb: try c.decode(VariantInfo.self, forKey: .thumb),
            preview: try c.decode(VariantInfo.self, forKey: .preview),
            original: try c.decode(VariantInfo.self, forKey: .original),
            importedAt: try c.decode(String.self, forKey: .importedAt))
        favorite = try c.decodeIfPresent(Bool.self, forKey: .favorite)
        albums = try c.decodeIfPresent([String].self, forKey: .albums)
        status = try c.decodeIfPresent(String.self, forKey: .status)
        kind = try c.decodeIfPresent(String.self, forKey: .kind)
        duration = try c.decodeIfPresent(Double.self, forKey: .duration)
        video = try c.decodeIfPresent(VideoVariant.self, forKey: .video)
        motion = try c.decodeIfPresent(VideoVariant.self, forKey: .motion)
        motionOriginal = try c.decodeIfPresent(VideoVariant.self, forKey: .motionOriginal)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(originalName, forKey: .originalName)
        try c.encode(format, forKey: .format)
        try c.encode(mimeType, forKey: .mimeType)
        try c.encode(byteSize, forKey: .byteSize)
        try c.encode(takenAt, forKey: .takenAt)
        try c.encodeIfPresent(takenAtOffset, forKey: .takenAtOffset)
        try c.encode(takenAtSource, forKey: .takenAtSource)
        try camera.encode(to: encoder)
        try c.encodeIfPresent(location, forKey: .location)
        try c.encode(tags, forKey: .tags)
        try c.encode(placeholder, forKey: .placeholder)
        try c.encode(thumb, forKey: .thumb)
        try c.encode(preview, forKey: .preview)
        try c.encode(original, forKey: .original)
        try c.encode(importedAt, forKey: .importedAt)
        if favorite == true { try c.encode(true, forKey: .favorite) }
        if let albums, !albums.isEmpty { try c.encode(albums, forKey: .albums) }
        try c.encodeIfPresent(status, forKey: .status)
        try c.encodeIfPresent(kind, forKey: .kind)
        try c.encodeIfPresent(duration, forKey: .duration)
        try c.encodeIfPresent(video, forKey: .video)
        try c.encodeIfPresent(motion, forKey: .motion)
        try c.encodeIfPresent(motionOriginal, forKey: .motionOriginal)
    }
}
