extension PhotoDetailPage {
    /// The page as `JSONEncoder` would write it (see `JSONWriter`).
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + items.count * 1200)
        writer.beginObject()
        writer.key("items")
        writer.beginArray()
        for item in items { item.write(to: &writer) }
        writer.endArray()
        writer.key("nextCursor")
        if let nextCursor { writer.string(nextCursor) } else { writer.null() }
        writer.field("total", total)
        writer.endObject()
        return writer.bytes
    }
}
