extension WebMinifier {
    /// One line of JS without the spaces between tokens and without a trailing comment.
    ///
    /// Strings, regular expressions and template literals are copied as they are. A space stays where
    /// two words would merge (`return x`), and between `+ +` or `- -` (`a - -b` is not `a--b`) and a
    /// number and a dot (`1 .5`). A `/` is a division only after a word, a number, `)` or `]`; elsewhere it
    /// starts a regular expression, which is copied to its end, so a misread costs bytes, never meaning.
    ///
    /// Returns the line and whether it ends inside a template literal (the next lines are then kept
    /// verbatim by `minify`); nil for a line that opens a block comment it does not close.
    static func squeezed(_ line: Substring) -> (text: String, inTemplate: Bool)? {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var pendingSpace = false
        /// The last significant byte written, and whether a `/` after it divides.
        var divides = false

        func emit(_ slice: ArraySlice<UInt8>) {
            guard let first = slice.first else { return }
            if pendingSpace, let last = out.last, needsSpace(last, first) { out.append(32) }
            pendingSpace = false
            out.append(contentsOf: slice)
        }

        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case 32, 9, 13:
                pendingSpace = true
                i += 1
            case 39, 34:  // ' "
                let end = quoteEnd(bytes, from: i)
                emit(bytes[i..<end])
                i = end
                divides = true
            case 96:  // `
                guard let end = templateEnd(bytes, from: i) else {
                    emit(bytes[i...])
                    return (String(decoding: out, as: UTF8.self), true)
                }
                emit(squeezedTemplate(bytes[i..<end]))
                i = end
                divides = true
            case 47:  // /
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                if next == 47 {  // a comment to the end of the line
                    i = bytes.count
                } else if next == 42 {
                    guard let close = blockCommentEnd(bytes, from: i + 2) else { return nil }
                    pendingSpace = true
                    i = close
                } else if divides {
                    emit(bytes[i...i])
                    i += 1
                    divides = false
                } else {
                    let end = regexEnd(bytes, from: i)
                    emit(bytes[i..<end])
                    i = end
                    divides = true
                }
            default:
                if isWord(c) {
                    var end = i + 1
                    while end < bytes.count, isWord(bytes[end]) { end += 1 }
                    let word = bytes[i..<end]
                    emit(word)
                    // After a keyword like `return` or `typeof`, a `/` starts a regular expression.
                    divides = !keywordsBeforeExpression.contains(String(decoding: word, as: UTF8.self))
                    i = end
                } else {
                    emit(bytes[i...i])
                    divides = c == 41 || c == 93  // ) ]
                    i += 1
                }
            }
        }
        return (String(decoding: out, as: UTF8.self), false)
    }

    static let keywordsBeforeExpression: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
        "yield", "await",
    ]

    /// Letters, digits, `_`, `$`, and any byte of a non-ASCII character.
    static func isWord(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 36 || c >= 128
    }

    /// Whether dropping the space between `a` and `b` would change the tokens.
    static func needsSpace(_ a: UInt8, _ b: UInt8) -> Bool {
        (isWord(a) && isWord(b)) || (a == b && (a == 43 || a == 45)) || ((a >= 48 && a <= 57) && b == 46)
    }

    /// Index after the closing quote (or the end of the line).
    static func quoteEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = bytes[start]
        var i = start + 1
        while i < bytes.count {
            if bytes[i] == 92 {
                i += 2
            } else if bytes[i] == quote {
                return i + 1
            } else {
                i += 1
            }
        }
        return bytes.count
    }

    /// Index after the closing backtick, following `${…}` with the strings and templates inside it;
    /// nil when the template goes on past this line.
    static func templateEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case 92: i += 2
            case 96: return i + 1
            case 36 where i + 1 < bytes.count && bytes[i + 1] == 123:  // ${
                var depth = 1
                i += 2
                while i < bytes.count && depth > 0 {
                    switch bytes[i] {
                    case 123: depth += 1; i += 1
                    case 125: depth -= 1; i += 1
                    case 39, 34: i = quoteEnd(bytes, from: i)
                    case 96:
                        guard let end = templateEnd(bytes, from: i) else { return nil }
                        i = end
                    default: i += 1
                    }
                }
            default: i += 1
            }
        }
        return nil
    }

    /// A one-line template literal with each `${…}` squeezed like code; its text is copied as it is. As
    /// written when a substitution does not squeeze cleanly.
    static func squeezedTemplate(_ template: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let bytes = Array(template)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 92 {
                out.append(contentsOf: bytes[i..<min(i + 2, bytes.count)])
                i += 2
            } else if bytes[i] == 36, i + 1 < bytes.count, bytes[i + 1] == 123,
                let close = substitutionEnd(bytes, from: i + 2),
                let inner = squeezed(Substring(decoding: bytes[(i + 2)..<close], as: UTF8.self)), !inner.inTemplate
            {
                out.append(contentsOf: Array("${".utf8) + Array(inner.text.utf8) + [125])
                i = close + 1
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out[...]
    }

    /// Index of the `}` that closes a substitution whose code starts at `start`.
    static func substitutionEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 1
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case 123: depth += 1
            case 125:
                depth -= 1
                if depth == 0 { return i }
            case 39, 34:
                i = quoteEnd(bytes, from: i)
                continue
            case 96:
                guard let end = templateEnd(bytes, from: i) else { return nil }
                i = end
                continue
            default: break
            }
            i += 1
        }
        return nil
    }

    /// Index after a regular expression literal and its flags (or the end of the line).
    static func regexEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 1
        var inClass = false
        while i < bytes.count {
            let c = bytes[i]
            if c == 92 {
                i += 2
                continue
            }
            if c == 91 { inClass = true } else if c == 93 { inClass = false } else if c == 47 && !inClass { break }
            i += 1
        }
        i += 1
        while i < bytes.count, isWord(bytes[i]) { i += 1 }
        return min(i, bytes.count)
    }

    /// Index after `*/`, nil when the comment goes on past this line.
    static func blockCommentEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 42 && bytes[i + 1] == 47 { return i + 2 }
            i += 1
        }
        return nil
    }
}
