extension PhotoDetail {
    /// The detail as `JSONEncoder` would write it (see `JSONWriter`).
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 1200)
        write(to: &writer)
        return writer.bytes
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("width", width)
        writer.field("height", height)
        writer.field("title", ifPresent: title)
        writer.field("originalName", originalName)
        writer.field("format", format)
        writer.field("mimeType", mimeType)
        writer.key("byteSize")
        writer.int64(byteSize)
        writer.field("takenAt", takenAt)
        writer.field("takenAtOffset", ifPresent: takenAtOffset)
        writer.field("takenAtSource", takenAtSource)
        camera.writeFields(to: &writer)
        if let location {
            writer.key("location")
            location.write(to: &writer)
        }
        writer.key("tags")
        writer.beginArray()
        for tag in tags { writer.string(tag) }
        writer.endArray()
        writer.key("placeholder")
        placeholder.write(to: &writer)
        writer.key("thumb")
        thumb.write(to: &writer)
        writer.key("preview")
        preview.write(to: &writer)
        writer.key("original")
        original.write(to: &writer)
        writer.field("importedAt", importedAt)
        if favorite == true {
            writer.key("favorite")
            writer.bool(true)
        }
        if let albums, !albums.isEmpty {
            writer.key("albums")
            writer.beginArray()
            for album in albums { writer.string(album) }
            writer.endArray()
        }
        writer.field("status", ifPresent: status)
        writer.mediaFields(kind: kind, duration: duration, video: video, motion: motion)
        if let motionOriginal {
            writer.key("motionOriginal")
            motionOriginal.write(to: &writer)
        }
        writer.endObject()
    }
}
