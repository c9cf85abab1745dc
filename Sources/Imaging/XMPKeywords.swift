import Foundation

/// Reads the keywords of an XMP packet: the `rdf:li` items of `dc:subject`.
///
/// A scan rather than an XML parser: packets are small, the structure is fixed by the Dublin Core schema,
/// and a malformed packet should cost us its keywords, never the import.
enum XMPKeywords {
    /// Keywords taken from one packet; the rest are ignored.
    static let maximumKeywords = 100
    /// A keyword longer than this many UTF-8 bytes is not a keyword (a tag entered by hand has at most 64
    /// characters), so it is skipped.
    static let maximumKeywordBytes = 256

    static func subjects(in xmp: String) -> [String] {
        guard let start = xmp.range(of: "<dc:subject"),
            let end = xmp.range(of: "</dc:subject>", range: start.upperBound..<xmp.endIndex)
        else { return [] }
        var keywords: [String] = []
        var cursor = start.upperBound
        while keywords.count < maximumKeywords,
            let open = xmp.range(of: "<rdf:li", range: cursor..<end.lowerBound),
            let tagEnd = xmp.range(of: ">", range: open.upperBound..<end.lowerBound),
            let close = xmp.range(of: "</rdf:li>", range: tagEnd.upperBound..<end.lowerBound)
        {
            let value = unescape(String(xmp[tagEnd.upperBound..<close.lowerBound]))
            if !value.isEmpty, value.utf8.count <= maximumKeywordBytes { keywords.append(value) }
            cursor = close.upperBound
        }
        return keywords
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&").removingControlCharacters().trimmingASCIISpaces()
    }
}
