import VitrineCore

/// Fuzzes the EXIF field parsers with the text libvips would hand over.
///
/// Every number that comes out must be finite and within its documented range, so it can be stored,
/// encoded as JSON and used in arithmetic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let field = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    let raw = ExifFieldParser.rawValue(of: field)
    _ = ExifFieldParser.rawValueOfTruncated(field)
    for value in ExifFieldParser.rationals(raw) { precondition(value.isFinite, "a non-finite rational") }

    var meta = PhotoMetadata()
    meta.camera = CameraSettings(
        make: ExifFieldParser.text(raw), exposureTime: ExifFieldParser.exposureTime(raw),
        fNumber: ExifFieldParser.fNumber(raw), iso: ExifFieldParser.iso(raw),
        focalLength: ExifFieldParser.focalLength(raw))
    let latitude = ExifFieldParser.latitude(raw, ref: String(raw.prefix(1)))
    let longitude = ExifFieldParser.longitude(raw, ref: String(raw.suffix(1)))
    meta.location = GeoPoint(latitude: latitude, longitude: longitude)
    meta.dateTimeOriginal = ExifFieldParser.parseDateTime(raw)
    meta.utcOffsetMinutes = ExifFieldParser.parseOffset(raw)
    // Every value a parser gives must survive sanitizing unchanged.
    precondition(meta.sanitized() == meta, "a parser let through a value out of its range: \(meta)")
    for coordinate in [latitude, longitude].compactMap({ $0 }) {
        precondition(coordinate.isFinite && abs(coordinate) <= 180, "a coordinate off the globe")
    }
    if let latitude { precondition(abs(latitude) <= 90, "a latitude past a pole") }
    if let date = meta.dateTimeOriginal { _ = date.secondsSinceEpochAsUTC }
    if let text = meta.camera.make {
        precondition(!text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f })
    }
    return 0
}
