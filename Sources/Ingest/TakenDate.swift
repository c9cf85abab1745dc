import Foundation
import Imaging

/// When a photo was taken, in the catalog's terms: milliseconds since the epoch, plus the offset when known.
struct TakenDate {
    var milliseconds: Int64
    var offsetMinutes: Int?
    var source: String

    /// EXIF DateTimeOriginal wins; with its offset it is an exact instant, without one the camera's wall clock
    /// is kept as if it were UTC (so it displays as shot). Otherwise the file's modification time.
    init(metadata: PhotoMetadata, fileModified: Date) {
        if let original = metadata.dateTimeOriginal {
            let offset = metadata.utcOffsetMinutes
            let seconds = original.secondsSinceEpochAsUTC - Int64((offset ?? 0) * 60)
            self.init(milliseconds: seconds * 1000, offsetMinutes: offset, source: "exif")
        } else {
            self.init(
                milliseconds: Int64((fileModified.timeIntervalSince1970 * 1000).rounded()), offsetMinutes: nil,
                source: "file")
        }
    }

    init(milliseconds: Int64, offsetMinutes: Int?, source: String) {
        self.milliseconds = milliseconds
        self.offsetMinutes = offsetMinutes
        self.source = source
    }
}
