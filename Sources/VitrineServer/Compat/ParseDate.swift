import Foundation
import VitrineAPI

/// Parse's dates: ISO-8601 in UTC with milliseconds, `2018-03-04T05:06:07.089Z`.
enum ParseDate {
    static func string(milliseconds: Int64) -> String {
        let text = TimestampFormatter.string(milliseconds: milliseconds, offsetMinutes: 0)
        // The shared formatter drops a zero fraction; Parse always writes three digits.
        return text.contains(".") ? text : String(text.dropLast()) + ".000Z"
    }

    /// Milliseconds since the epoch, or nil for anything but an ISO-8601 UTC or offset timestamp.
    static func milliseconds(_ text: String) -> Int64? {
        guard text.utf8.count <= 40 else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        guard let date = withFraction.date(from: text) ?? plain.date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
