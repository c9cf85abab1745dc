/// Reads a photo's EXIF and XMP metadata from the fields libvips exposes; `ExifFieldParser` turns each
/// field's text into a checked value.
enum ExifReader {
    static func metadata(from image: VipsImage) -> PhotoMetadata {
        var meta = PhotoMetadata()
        func raw(_ name: String) -> String? {
            guard let field = image.string(name) else { return nil }
            return ExifFieldParser.rawValue(of: field)
        }
        func text(_ name: String) -> String? { raw(name).flatMap(ExifFieldParser.text) }
        meta.cameraMake = text("exif-ifd0-Make")
        meta.cameraModel = text("exif-ifd0-Model")
        meta.lens = text("exif-ifd2-LensModel")
        meta.exposureTime = raw("exif-ifd2-ExposureTime").flatMap(ExifFieldParser.exposureTime)
        meta.fNumber = raw("exif-ifd2-FNumber").flatMap(ExifFieldParser.fNumber)
        meta.focalLength = raw("exif-ifd2-FocalLength").flatMap(ExifFieldParser.focalLength)
        meta.iso = (raw("exif-ifd2-ISOSpeedRatings") ?? raw("exif-ifd2-PhotographicSensitivity"))
            .flatMap(ExifFieldParser.iso)
        if let date = raw("exif-ifd2-DateTimeOriginal") ?? raw("exif-ifd0-DateTime") {
            meta.dateTimeOriginal = ExifFieldParser.parseDateTime(date)
        }
        meta.utcOffsetMinutes = (raw("exif-ifd2-OffsetTimeOriginal") ?? raw("exif-ifd2-OffsetTime"))
            .flatMap(ExifFieldParser.parseOffset)
        meta.latitude = ExifFieldParser.latitude(raw("exif-ifd3-GPSLatitude"), ref: text("exif-ifd3-GPSLatitudeRef"))
        meta.longitude = ExifFieldParser.longitude(
            raw("exif-ifd3-GPSLongitude"), ref: text("exif-ifd3-GPSLongitudeRef"))
        if let xmp = image.blob("xmp-data") {
            meta.keywords = XMPKeywords.subjects(in: String(decoding: xmp, as: UTF8.self))
        }
        if let title = text("exif-ifd0-ImageDescription"), !placeholderDescriptions.contains(title.uppercased()) {
            meta.title = title
        }
        return meta.sanitized()
    }

    /// Cameras write these into ImageDescription by default; they are not titles.
    static let placeholderDescriptions: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "DCIM", "DEFAULT", "EXIF_PICTURE",
    ]
}
