import VitrineAPI
import VitrineCore

extension ParseDate {
    static func string(milliseconds: Int64) -> String {
        let text = TimestampFormatter.string(milliseconds: milliseconds, offsetMinutes: 0)
        // The shared formatter drops a zero fraction; Parse always writes three digits.
        return text.contains(".") ? text : String(text.dropLast()) + ".000Z"
    }
}
