import VitrineCore

extension GeoPoint {
    /// `{"latitude":…,"longitude":…}`, as `JSONEncoder` writes it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("latitude")
        writer.double(latitude)
        writer.key("longitude")
        writer.double(longitude)
        writer.endObject()
    }
}
