import VitrineCore

/// What a photo says about itself: camera settings, time and place. Every field is optional
/// because scans, screenshots and edited files routinely lack any of them.
public struct PhotoMetadata: Sendable, Equatable {
    /// EXIF DateTimeOriginal as written by the camera (local wall-clock time).
    public var dateTimeOriginal: ExifDateTime?
    /// Offset from UTC in minutes, from EXIF OffsetTimeOriginal when present.
    public var utcOffsetMinutes: Int?
    public var camera = CameraSettings()
    /// From the GPS fields, when both coordinates are there and on the globe.
    public var location: GeoPoint?
    /// Image description or title embedded by the camera or editor, when meaningful.
    public var title: String?
    /// Keywords from XMP `dc:subject` (what Lightroom, digiKam and darktable write).
    public var keywords: [String] = []
    /// Apple's content identifier, which a Live Photo's still and clip share (`LiveIdentifier`).
    public var liveIdentifier: String?
    /// Where a Motion Photo's XMP says its clip is, for the importer to check against the file.
    public var motionPhoto: MotionPhotoClaim?

    public init() {}
}

extension PhotoMetadata {
    /// Minutes from UTC: real zones span −12:00 to +14:00; EXIF offsets are read up to ±14:59.
    public static let utcOffsetRange: ClosedRange<Int> = -(15 * 60 - 1)...(15 * 60 - 1)

    /// The same metadata with every number outside its range dropped (`CameraSettings.sanitized()`; a
    /// `GeoPoint` is checked when made). A range never contains NaN or an infinity, so what remains encodes
    /// as JSON and is safe in arithmetic.
    public func sanitized() -> PhotoMetadata {
        var copy = self
        copy.camera = camera.sanitized()
        copy.utcOffsetMinutes = utcOffsetMinutes.flatMap { Self.utcOffsetRange.contains($0) ? $0 : nil }
        copy.dateTimeOriginal = dateTimeOriginal.flatMap { $0.isValid ? $0 : nil }
        return copy
    }
}

/// A calendar date and time without a zone, as EXIF stores it.
public struct ExifDateTime: Sendable, Equatable {
    public var year, month, day, hour, minute, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// Within the calendar range EXIF dates can have (years 1800–9999, a leap second allowed), so
    /// `secondsSinceEpochAsUTC` cannot overflow.
    public var isValid: Bool {
        (1800...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day)
            && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
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
