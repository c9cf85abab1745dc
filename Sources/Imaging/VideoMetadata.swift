import VitrineCore

/// A video's time, place and camera from its container's tags, in the `PhotoMetadata` photos use. Phones
/// write Apple's QuickTime keys (`com.apple.quicktime.*`); ffmpeg and Android write `creation_time` (UTC)
/// and `location`.
enum VideoMetadata {
    static func metadata(from tags: [String: String]) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        // Apple's creation date carries the zone it was shot in; `creation_time` is UTC.
        let stamps = [tags["com.apple.quicktime.creationdate"], tags["creation_time"], tags["date"]]
        if let stamp = stamps.lazy.compactMap({ $0.flatMap(parseTimestamp) }).first {
            metadata.dateTimeOriginal = stamp.dateTime
            metadata.utcOffsetMinutes = stamp.offsetMinutes
        }
        let places = [tags["com.apple.quicktime.location.iso6709"], tags["location"], tags["location-eng"]]
        metadata.location = places.lazy.compactMap { $0.flatMap(parseISO6709) }.first
        metadata.camera.make = VideoProbe.text(tags["com.apple.quicktime.make"] ?? tags["make"])
        metadata.camera.model = VideoProbe.text(tags["com.apple.quicktime.model"] ?? tags["model"])
        metadata.title = VideoProbe.text(tags["com.apple.quicktime.title"] ?? tags["title"])
        metadata.liveIdentifier = tags["com.apple.quicktime.content.identifier"].flatMap(LiveIdentifier.clean)
        return metadata.sanitized()
    }

    /// `2024-05-01T10:00:00.000000Z`, `2024-05-01T12:00:00+0200`, `2024-05-01 12:00:00`: the wall-clock time
    /// and its offset (nil when none is written). A container's zero date (1904 or 1970, written by a camera
    /// whose clock was never set) is no date.
    static func parseTimestamp(_ text: String) -> (dateTime: ExifDateTime, offsetMinutes: Int?)? {
        let chars = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start >= 0, start + count <= chars.count else { return nil }
            var value = 0
            for c in chars[start..<(start + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else { return nil }
                value = value * 10 + Int(c - UInt8(ascii: "0"))
            }
            return value
        }
        guard chars.count >= 19, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
            chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
            chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
            let minute = digits(14, 2), let second = digits(17, 2)
        else { return nil }
        let dateTime = ExifDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard dateTime.isValid, year > 1970 else { return nil }
        var index = 19
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            while index < chars.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(chars[index]) { index += 1 }
        }
        guard index < chars.count else { return (dateTime, nil) }
        if chars[index] == UInt8(ascii: "Z") { return (dateTime, 0) }
        guard chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-"),
            let hours = digits(index + 1, 2)
        else { return (dateTime, nil) }
        let colon = index + 3 < chars.count && chars[index + 3] == UInt8(ascii: ":") ? 1 : 0
        let minutes = digits(index + 3 + colon, 2) ?? 0
        let offset = (hours * 60 + minutes) * (chars[index] == UInt8(ascii: "-") ? -1 : 1)
        return (dateTime, PhotoMetadata.utcOffsetRange.contains(offset) ? offset : nil)
    }

    /// ISO 6709 as QuickTime writes it: `+48.8584+002.2945/`, an altitude or a CRS may follow. Latitude and
    /// longitude may be degrees (`±DD.D`, `±DDD.D`), degrees and minutes (`±DDMM.M`) or with seconds
    /// (`±DDMMSS.S`), told apart by their count of whole digits.
    static func parseISO6709(_ text: String) -> GeoPoint? {
        var rest = Substring(text.trimmingASCIISpaces())
        func component(degreeDigits: Int) -> Double? {
            guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
            rest = rest.dropFirst()
            let body = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(body.count)
            let whole = body.prefix { $0 != "." }
            guard !whole.isEmpty, whole.count <= degreeDigits + 4, let value = Double(body), value.isFinite else {
                return nil
            }
            let magnitude: Double
            switch whole.count - degreeDigits {
            case ...0: magnitude = value
            case 2:
                magnitude = (value / 100).rounded(.towardZero) + value.truncatingRemainder(dividingBy: 100) / 60
            case 4:
                let degrees = (value / 10_000).rounded(.towardZero)
                let minutes = (value / 100).rounded(.towardZero).truncatingRemainder(dividingBy: 100)
                magnitude = degrees + minutes / 60 + value.truncatingRemainder(dividingBy: 100) / 3600
            default: return nil
            }
            return sign == "-" ? -magnitude : magnitude
        }
        guard let latitude = component(degreeDigits: 2), let longitude = component(degreeDigits: 3) else {
            return nil
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }
}
