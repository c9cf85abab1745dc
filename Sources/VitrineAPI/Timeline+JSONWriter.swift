extension Timeline {
    /// The timeline as `JSONEncoder` would write it (see `JSONWriter`).
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 32 + months.count * 40)
        writer.beginObject()
        writer.key("months")
        writer.beginArray()
        for month in months {
            writer.beginObject()
            writer.field("year", month.year)
            writer.field("month", month.month)
            writer.field("count", month.count)
            writer.endObject()
        }
        writer.endArray()
        writer.field("total", total)
        writer.endObject()
        return writer.bytes
    }
}
