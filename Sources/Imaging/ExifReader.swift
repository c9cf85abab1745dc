import VitrineCore

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
        meta.camera = CameraSettings(
            make: text("exif-ifd0-Make"), model: text("exif-ifd0-Model"), lens: text("exif-ifd2-LensModel"),
            exposureTime: raw("exif-ifd2-ExposureTime").flatMap(ExifFieldParser.exposureTime),
            fNumber: raw("exif-ifd2-FNumber").flatMap(ExifFieldParser.fNumber),
            iso: (raw("exif-ifd2-ISOSpeedRatings") ?? raw("exif-ifd2-PhotographicSensitivity"))
                .flatMap(ExifFieldParser.iso),
            focalLength: raw("exif-ifd2-FocalLength").flatMap(ExifFieldParser.focalLength))
        if let date = raw("exif-ifd2-DateTimeOriginal") ?? raw("exif-ifd0-DateTime") {
            meta.dateTimeOriginal = ExifFieldParser.parseDateTime(date)
        }
        meta.utcOffsetMinutes = (raw("exif-ifd2-OffsetTimeOriginal") ?? raw("exif-ifd2-OffsetTime"))
            .flatMap(ExifFieldParser.parseOffset)
        meta.location = GeoPoint(
            latitude: ExifFieldParser.latitude(raw("exif-ifd3-GPSLatitude"), ref: text("exif-ifd3-GPSLatitudeRef")),
            longitude: ExifFieldParser.longitude(
                raw("exif-ifd3-GPSLongitude"), ref: text("exif-ifd3-GPSLongitudeRef")))
        if let xmp = image.blob("xmp-data") {
            let packet = String(decoding: xmp.prefix(maximumXMPBytes), as: UTF8.self)
            meta.keywords = XMPKeywords.subjects(in: packet)
            meta.motionPhoto = MotionPhotoClaim.read(xmp: packet)
        }
        meta.liveIdentifier = image.blob("exif-data").flatMap(AppleMakerNote.contentIdentifier)
        if let title = text("exif-ifd0-ImageDescription"), !placeholderDescriptions.contains(title.uppercased()) {
            meta.title = title
        }
        return meta.sanitized()
    }

    /// XMP read at most: a packet in a JPEG segment holds at most 64 KiB, and an extended one is not read.
    static let maximumXMPBytes = 1 << 20

    /// Cameras write these into ImageDescription by default; they are not titles.
    static let placeholderDescriptions: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "DCIM", "DEFAULT", "EXIF_PICTURE",
    ]
}
