import Foundation
import VitrineCore

/// Parses the EXIF fields libvips exposes as strings like `1/160 (1/160 sec., Rational, 1 components, 8 bytes)`.
///
/// libvips formats each value as `raw (formatted, type, n components, m bytes)`; the raw part is what we parse,
/// and it may itself contain parentheses (lens names do), so the trailer is stripped from the end.
///
/// The values come from the file, so each is checked against the range a real camera can write: a number
/// that is not finite, or outside its range, is dropped (the photo imports without it), so nothing stored
/// can later fail to encode as JSON or trap in arithmetic. The ranges are `PhotoMetadata`'s.
enum ExifFieldParser {
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

    /// `12/1` → 12, `1/160` → 0.00625; several values separated by spaces. Only finite values come out:
    /// `1/0`, `1e999`, `nan` or `inf` are skipped.
    static func rationals(_ raw: String) -> [Double] {
        raw.split(separator: " ").compactMap { part in
            let pieces = part.split(separator: "/", omittingEmptySubsequences: false)
            let value: Double
            switch pieces.count {
            case 1:
                guard let single = number(pieces[0]) else { return nil }
                value = single
            case 2:
                guard let n = number(pieces[0]), let d = number(pieces[1]), d != 0 else { return nil }
                value = n / d
            default: return nil
            }
            return value.isFinite ? value : nil
        }
    }

    /// A decimal number as EXIF tools write it (digits, sign, point, exponent), finite; not `nan`, `inf`
    /// or hexadecimal, which `Double(_:)` would also accept.
    static func number(_ text: Substring) -> Double? {
        guard text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 46 || $0 | 32 == 101 }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// The first value of a rational field, if it is within `range`.
    static func measure(_ raw: String, in range: ClosedRange<Double>) -> Double? {
        guard let value = rationals(raw).first, range.contains(value) else { return nil }
        return value
    }

    static func exposureTime(_ raw: String) -> Double? { measure(raw, in: CameraSettings.exposureTimeRange) }
    static func fNumber(_ raw: String) -> Double? { measure(raw, in: CameraSettings.fNumberRange) }
    static func focalLength(_ raw: String) -> Double? { measure(raw, in: CameraSettings.focalLengthRange) }

    /// `400`, or the first of several values (`400 400`); nil when not a plain number within its range.
    static func iso(_ raw: String) -> Int? {
        guard let first = raw.split(separator: " ").first, first.utf8.allSatisfy({ (48...57).contains($0) }),
            let value = Int(first), CameraSettings.isoRange.contains(value)
        else { return nil }
        return value
    }

    /// Degrees, minutes and seconds to signed degrees, within ±90 for a latitude and ±180 for a longitude.
    static func coordinate(_ raw: String?, ref: String?, negative: String, limit: Double = 180) -> Double? {
        guard let raw else { return nil }
        let parts = rationals(raw)
        guard parts.count == 3, parts.allSatisfy({ $0 >= 0 }) else { return nil }
        let value = parts[0] + parts[1] / 60 + parts[2] / 3600
        guard value.isFinite, value <= limit else { return nil }
        return ref?.uppercased().hasPrefix(negative) == true ? -value : value
    }

    static func latitude(_ raw: String?, ref: String?) -> Double? {
        coordinate(raw, ref: ref, negative: "S", limit: GeoPoint.latitudeRange.upperBound)
    }

    static func longitude(_ raw: String?, ref: String?) -> Double? {
        coordinate(raw, ref: ref, negative: "W", limit: GeoPoint.longitudeRange.upperBound)
    }

    /// `2015:07:21 16:17:44`; rejects the all-zero dates some cameras write.
    static func parseDateTime(_ raw: String) -> ExifDateTime? {
        let numbers = raw.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" })
            .prefix(6).compactMap { smallNatural($0) }
        guard numbers.count == 6 else { return nil }
        let value = ExifDateTime(
            year: numbers[0], month: numbers[1], day: numbers[2],
            hour: numbers[3], minute: numbers[4], second: numbers[5])
        return value.isValid ? value : nil
    }

    /// `+02:00` → 120, `-05:30` → -330.
    static func parseOffset(_ raw: String) -> Int? {
        let trimmed = raw.trimmingASCIISpaces()
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let parts = trimmed.dropFirst().split(separator: ":").compactMap { smallNatural($0) }
        guard parts.count == 2, (0...14).contains(parts[0]), (0...59).contains(parts[1]) else { return nil }
        let minutes = parts[0] * 60 + parts[1]
        return sign == "-" ? -minutes : minutes
    }

    /// One to four ASCII digits: date and offset parts, never a sign or a number too large to add.
    static func smallNatural(_ text: Substring) -> Int? {
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// Camera text (make, model, lens, description): trimmed, without control characters, nil when empty.
    static func text(_ raw: String) -> String? {
        let value = raw.removingControlCharacters().trimmingASCIISpaces()
        return value.isEmpty ? nil : value
    }
}
