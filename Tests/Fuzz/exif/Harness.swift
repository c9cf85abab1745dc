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
    meta.exposureTime = ExifFieldParser.exposureTime(raw)
    meta.fNumber = ExifFieldParser.fNumber(raw)
    meta.focalLength = ExifFieldParser.focalLength(raw)
    meta.iso = ExifFieldParser.iso(raw)
    meta.latitude = ExifFieldParser.latitude(raw, ref: String(raw.prefix(1)))
    meta.longitude = ExifFieldParser.longitude(raw, ref: String(raw.suffix(1)))
    meta.dateTimeOriginal = ExifFieldParser.parseDateTime(raw)
    meta.utcOffsetMinutes = ExifFieldParser.parseOffset(raw)
    meta.cameraMake = ExifFieldParser.text(raw)
    // Sanitizing drops a lone coordinate; every other value a parser gives must survive it unchanged.
    let clean = meta.sanitized()
    precondition(
        clean.exposureTime == meta.exposureTime && clean.fNumber == meta.fNumber
            && clean.focalLength == meta.focalLength && clean.iso == meta.iso
            && clean.dateTimeOriginal == meta.dateTimeOriginal && clean.utcOffsetMinutes == meta.utcOffsetMinutes,
        "a parser let through a value out of its range: \(meta)")
    for coordinate in [meta.latitude, meta.longitude].compactMap({ $0 }) {
        precondition(coordinate.isFinite && abs(coordinate) <= 180, "a coordinate off the globe")
    }
    if let latitude = meta.latitude { precondition(abs(latitude) <= 90, "a latitude past a pole") }
    if let date = meta.dateTimeOriginal { _ = date.secondsSinceEpochAsUTC }
    if let text = meta.cameraMake {
        precondition(!text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f })
    }
    return 0
}
