/// Reads the keywords of an XMP packet: the `rdf:li` items of `dc:subject`.
///
/// A scan rather than an XML parser: packets are small, the structure is fixed by the Dublin Core schema,
/// and a malformed packet should cost us its keywords, never the import.
enum XMPKeywords {
    static func subjects(in xmp: String) -> [String] {
        guard let start = xmp.range(of: "<dc:subject"),
            let end = xmp.range(of: "</dc:subject>", range: start.upperBound..<xmp.endIndex)
        else { return [] }
        var keywords: [String] = []
        var cursor = start.upperBound
        while keywords.count < 100, let open = xmp.range(of: "<rdf:li", range: cursor..<end.lowerBound),
            let tagEnd = xmp.range(of: ">", range: open.upperBound..<end.lowerBound),
            let close = xmp.range(of: "</rdf:li>", range: tagEnd.upperBound..<end.lowerBound)
        {
            let value = unescape(String(xmp[tagEnd.upperBound..<close.lowerBound]))
            if !value.isEmpty { keywords.append(value) }
            cursor = close.upperBound
        }
        return keywords
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&").trimmingASCIISpaces()
    }
}
