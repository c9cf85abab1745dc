extension PhotoDetailPage {
    /// The page as `JSONEncoder` would write it (see `JSONWriter`).
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + items.count * 1200)
        writer.beginObject()
        writer.field("items", each: items) { $0.write(to: &$1) }
        writer.field("nextCursor", orNull: nextCursor)
        writer.field("total", total)
        writer.endObject()
        return writer.bytes
    }
}
