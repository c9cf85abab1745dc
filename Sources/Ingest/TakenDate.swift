import Foundation
import Imaging

/// When a photo was taken, in the catalog's terms: milliseconds since the epoch, plus the offset when known.
///
/// Every date comes from a file, so none is trusted: each candidate is checked against `plausible` with
/// its parts range-checked first, and one that fails counts as missing, never as a trap.
struct TakenDate {
    var milliseconds: Int64
    var offsetMinutes: Int?
    var source: String

    /// Years 0001 to 9999, the dates ISO 8601 and every client can show.
    static let plausible: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// EXIF DateTimeOriginal wins; with its offset it is an exact instant, without one the camera's wall clock
    /// is kept as if it were UTC (so it displays as shot). Otherwise the file's modification time. A file
    /// with neither (its mtime out of range) gets the import time, the date an upload's file has anyway.
    init(metadata: PhotoMetadata, fileModified: Int64?, importedAt: Int64) {
        if let original = metadata.dateTimeOriginal,
            let exif = Self.milliseconds(original, offset: metadata.utcOffsetMinutes)
        {
            self.init(milliseconds: exif, offsetMinutes: metadata.utcOffsetMinutes, source: "exif")
        } else if let fileModified, Self.plausible.contains(fileModified) {
            self.init(milliseconds: fileModified, offsetMinutes: nil, source: "file")
        } else {
            self.init(milliseconds: importedAt, offsetMinutes: nil, source: "file")
        }
    }

    init(milliseconds: Int64, offsetMinutes: Int?, source: String) {
        self.milliseconds = milliseconds
        self.offsetMinutes = offsetMinutes
        self.source = source
    }

    /// The instant an EXIF date names, or nil when a part is out of range (a zone beyond ±24 h included).
    static func milliseconds(_ date: ExifDateTime, offset: Int?) -> Int64? {
        guard (1...9999).contains(date.year), (1...12).contains(date.month), (1...31).contains(date.day),
            (0...24).contains(date.hour), (0...59).contains(date.minute), (0...60).contains(date.second),
            (-1440...1440).contains(offset ?? 0)
        else { return nil }
        // With every part bounded, this arithmetic stays far inside 64 bits.
        let seconds = date.secondsSinceEpochAsUTC - Int64(offset ?? 0) * 60
        let milliseconds = seconds * 1000
        return plausible.contains(milliseconds) ? milliseconds : nil
    }
}
