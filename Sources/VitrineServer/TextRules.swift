import Catalog
import Foundation

/// What a client may write as a title or a tag, checked before anything is stored.
///
/// Limits are in UTF-8 bytes, the unit storage and the wire pay for: a count of Characters lets one
/// grapheme carry thousands of combining scalars. Control characters (NUL, line breaks, escapes, C1)
/// are refused rather than stripped, so what is stored is exactly what was sent.
enum TextRules {
    static let maximumTitleBytes = 1000
    static let maximumTagBytes = PhotoTags.maximumTagBytes
    static let maximumTagsPerPhoto = PhotoTags.maximumTagsPerPhoto

    static func validate(title: String?, tags: [String]) throws {
        if let title { try check(title, field: "title", maximumBytes: maximumTitleBytes) }
        guard tags.count <= maximumTagsPerPhoto else {
            throw APIError(.badRequest, code: "bad_tag", message: "a photo has at most \(maximumTagsPerPhoto) tags")
        }
        for tag in tags { try check(tag, field: "tag", maximumBytes: maximumTagBytes) }
    }

    static let maximumDescriptionBytes = 5000

    /// An album's title (1 to `maximumTitleBytes`, not blank) and description; line breaks are allowed in
    /// a description, no other control character.
    static func validateAlbum(title: String?, description: String?) throws {
        if let title {
            try check(title, field: "title", maximumBytes: maximumTitleBytes)
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APIError(.badRequest, code: "bad_title", message: "an album needs a title")
            }
        }
        if let description {
            try check(
                description.replacingOccurrences(of: "\n", with: " "), field: "description",
                maximumBytes: maximumDescriptionBytes)
        }
    }

    /// Refuses `text` with `bad_<field>` when it is too long or holds a control character.
    private static func check(_ text: String, field: String, maximumBytes: Int) throws {
        guard text.utf8.count <= maximumBytes else {
            throw APIError(
                .badRequest, code: "bad_\(field)", message: "a \(field) has at most \(maximumBytes) bytes of UTF-8")
        }
        if let scalar = firstControl(in: text) {
            throw APIError(
                .badRequest, code: "bad_\(field)",
                message: "a \(field) may not contain control characters (found U+\(hex(scalar)))")
        }
    }

    static func firstControl(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.properties.generalCategory == .control }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
