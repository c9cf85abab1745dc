/// Splits free text into the words a full-text search looks for, by Unicode scalar.
///
/// Grapheme clusters cannot be trusted here: `Character.isLetter` looks only at a cluster's first scalar, so
/// a Prepend letter glued to a quote (`ൎ"`) passes as a letter and carries the quote into the FTS query.
/// A word is a run of letters, digits and combining marks; every other scalar separates words, so no
/// quote, operator or column filter a user types can ever reach FTS5 as syntax. Pure standard library,
/// so the fuzzer compiles it alone.
public enum SearchTerms {
    /// At most this many words are searched; the rest of the text is ignored.
    public static let maximumWords = 16
    /// A longer word is cut to this many scalars (its prefix still matches what it would have).
    public static let maximumWordScalars = 64

    /// The words of `text`, each holding at least one letter or digit.
    public static func words(in text: String) -> [String] { words(in: text, limit: maximumWords) }

    /// The first `limit` words of `text`: a catalog indexing a document (not a query) takes all of them.
    public static func words(in text: String, limit: Int) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var count = 0
        var hasBase = false
        func flush() {
            if hasBase { words.append(String(current)) }
            current = String.UnicodeScalarView()
            count = 0
            hasBase = false
        }
        for scalar in text.unicodeScalars {
            if words.count >= limit { break }
            switch kind(of: scalar) {
            case .base:
                if count < maximumWordScalars {
                    current.append(scalar)
                    count += 1
                }
                hasBase = true
            case .mark:
                if count > 0, count < maximumWordScalars {
                    current.append(scalar)
                    count += 1
                }
            case .separator:
                flush()
            }
        }
        if words.count < limit { flush() }
        return words
    }

    /// An FTS5 query of quoted prefix terms, every one required; nil when the text has no word.
    public static func ftsPattern(for text: String) -> String? {
        let words = words(in: text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    private enum Kind { case base, mark, separator }

    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return .base
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        default:
            return .separator
        }
    }
}
