/// What a tag name may be, the same for every catalog.
public enum PhotoTags {
    /// Tags one photo keeps; names past it (an upload's plus its file's XMP keywords) are dropped.
    public static let maximumTagsPerPhoto = 100
    /// A tag name's length in UTF-8 bytes; a longer one (a folder name, an XMP keyword) is cut.
    public static let maximumTagBytes = 100

    /// Normalises tag names: control characters as spaces, trimmed, inner whitespace collapsed, at most
    /// `maximumTagBytes`, no empties, duplicates (ignoring case) dropped, at most `maximumTagsPerPhoto`.
    public static func normalized(_ names: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for name in names where result.count < maximumTagsPerPhoto {
            let visible = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            var clean = visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            while clean.utf8.count > maximumTagBytes { clean.removeLast() }
            guard !clean.isEmpty, seen.insert(clean.lowercased()).inserted else { continue }
            result.append(clean)
        }
        return result
    }
}
