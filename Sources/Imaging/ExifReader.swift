/// Reads the EXIF fields libvips exposes as strings like `1/160 (1/160 sec., Rational, 1 components, 8 bytes)`.
///
/// libvips formats each value as `raw (formatted, type, n components, m bytes)`; the raw part is what we parse,
/// and it may itself contain parentheses (lens names do), so the trailer is stripped from the end.
enum ExifReader {
    static func metadata(from image: VipsImage) -> PhotoMetadata {
        var meta = PhotoMetadata()
        func raw(_ name: String) -> String? {
            guard let field = image.string(name) else { return nil }
            return rawValue(of: field)
        }
        func text(_ name: String) -> String? {
            guard let value = raw(name)?.trimmingASCIISpaces(), !value.isEmpty else { return nil }
            return value
        }
        meta.cameraMake = text("exif-ifd0-Make")
        meta.cameraModel = text("exif-ifd0-Model")
        meta.lens = text("exif-ifd2-LensModel")
        meta.exposureTime = raw("exif-ifd2-ExposureTime").flatMap { rationals($0).first }
        meta.fNumber = raw("exif-ifd2-FNumber").flatMap { rationals($0).first }
        meta.focalLength = raw("exif-ifd2-FocalLength").flatMap { rationals($0).first }
        meta.iso = (raw("exif-ifd2-ISOSpeedRatings") ?? raw("exif-ifd2-PhotographicSensitivity"))
            .flatMap { Int($0.split(separator: " ").first ?? "") }
        if let date = raw("exif-ifd2-DateTimeOriginal") ?? raw("exif-ifd0-DateTime") {
            meta.dateTimeOriginal = parseDateTime(date)
        }
        meta.utcOffsetMinutes = (raw("exif-ifd2-OffsetTimeOriginal") ?? raw("exif-ifd2-OffsetTime"))
            .flatMap(parseOffset)
        meta.latitude = coordinate(raw("exif-ifd3-GPSLatitude"), ref: text("exif-ifd3-GPSLatitudeRef"), negative: "S")
        meta.longitude = coordinate(
            raw("exif-ifd3-GPSLongitude"), ref: text("exif-ifd3-GPSLongitudeRef"), negative: "W")
        if let xmp = image.blob("xmp-data") {
            meta.keywords = XMPKeywords.subjects(in: String(decoding: xmp, as: UTF8.self))
        }
        if let title = text("exif-ifd0-ImageDescription"), !placeholderDescriptions.contains(title.uppercased()) {
            meta.title = title
        }
        return meta
    }

    /// Cameras write these into ImageDescription by default; they are not titles.
    static let placeholderDescriptions: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "DCIM", "DEFAULT", "EXIF_PICTURE",
    ]

    static func rawValue(of field: String) -> String {
        guard field.hasSuffix(")") else { return rawValueOfTruncated(field) }
        var depth = 0
        var index = field.endIndex
        while index > field.startIndex {
            index = field.index(before: index)
            switch field[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 {
                    let head = field[..<index]
                    return String(head.hasSuffix(" ") ? head.dropLast() : head)
                }
            default: break
            }
        }
        return field
    }

    /// libvips cuts long fields short, trailer and all: `Long text (Long text, A`. For text the formatted
    /// value repeats the raw one, so the raw value is the prefix that reappears right after ` (`.
    static func rawValueOfTruncated(_ field: String) -> String {
        var searchStart = field.startIndex
        while let open = field.range(of: " (", range: searchStart..<field.endIndex) {
            let head = field[..<open.lowerBound]
            if !head.isEmpty, field[open.upperBound...].hasPrefix(head) { return String(head) }
            searchStart = open.upperBound
        }
        return field.range(of: " (").map { String(field[..<$0.lowerBound]) } ?? field
    }

    /// `12/1` → 12, `1/160` → 0.00625; several values separated by spaces.
    static func rationals(_ raw: String) -> [Double] {
        raw.split(separator: " ").compactMap { part in
            let pieces = part.split(separator: "/")
            if pieces.count == 2, let n = Double(pieces[0]), let d = Double(pieces[1]) {
                return d == 0 ? nil : n / d
            }
            return Double(part)
        }
    }

    static func coordinate(_ raw: String?, ref: String?, negative: String) -> Double? {
        guard let raw else { return nil }
        let parts = rationals(raw)
        guard parts.count == 3 else { return nil }
        let value = parts[0] + parts[1] / 60 + parts[2] / 3600
        guard value.isFinite, value <= 180 else { return nil }
        return ref?.uppercased().hasPrefix(negative) == true ? -value : value
    }

    /// `2015:07:21 16:17:44`; rejects the all-zero dates some cameras write.
    static func parseDateTime(_ raw: String) -> ExifDateTime? {
        let numbers = raw.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" })
            .prefix(6).compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        let value = ExifDateTime(
            year: numbers[0], month: numbers[1], day: numbers[2],
            hour: numbers[3], minute: numbers[4], second: numbers[5])
        guard (1800...9999).contains(value.year), (1...12).contains(value.month), (1...31).contains(value.day),
            (0...23).contains(value.hour), (0...59).contains(value.minute), (0...60).contains(value.second)
        else { return nil }
        return value
    }

    /// `+02:00` → 120, `-05:30` → -330.
    static func parseOffset(_ raw: String) -> Int? {
        let trimmed = raw.trimmingASCIISpaces()
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let parts = trimmed.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0...14).contains(parts[0]), (0...59).contains(parts[1]) else { return nil }
        let minutes = parts[0] * 60 + parts[1]
        return sign == "-" ? -minutes : minutes
    }
}

extension String {
    func trimmingASCIISpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\0" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\0" { slice = slice.dropLast() }
        return String(slice)
    }
}
