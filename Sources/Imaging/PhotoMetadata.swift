/// What a photo says about itself: camera settings, time and place. Every field is optional
/// because scans, screenshots and edited files routinely lack any of them.
public struct PhotoMetadata: Sendable, Equatable {
    /// EXIF DateTimeOriginal as written by the camera (local wall-clock time).
    public var dateTimeOriginal: ExifDateTime?
    /// Offset from UTC in minutes, from EXIF OffsetTimeOriginal when present.
    public var utcOffsetMinutes: Int?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    /// Seconds, e.g. 0.004 for 1/250.
    public var exposureTime: Double?
    public var fNumber: Double?
    public var iso: Int?
    /// Millimetres.
    public var focalLength: Double?
    public var latitude: Double?
    public var longitude: Double?
    /// Image description or title embedded by the camera or editor, when meaningful.
    public var title: String?
    /// Keywords from XMP `dc:subject` (what Lightroom, digiKam and darktable write).
    public var keywords: [String] = []

    public init() {}
}

/// A calendar date and time without a zone, as EXIF stores it.
public struct ExifDateTime: Sendable, Equatable {
    public var year, month, day, hour, minute, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// Seconds since 1970-01-01 if this wall-clock time were UTC (days-from-civil, no Foundation calendar).
    public var secondsSinceEpochAsUTC: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return days * 86400 + Int64(hour * 3600 + minute * 60 + second)
    }
}
