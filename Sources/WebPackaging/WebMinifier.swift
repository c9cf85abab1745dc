/// Strips what a browser doesn't need from the web client's JS and CSS before it is hashed and served:
/// comment lines and blocks, indentation, blank lines, and in JS the spaces between tokens and trailing
/// comments (`squeezed`). The source stays commented for people.
///
/// It works line by line and never joins lines, so automatic semicolon insertion sees the same line
/// breaks; within a line it reads strings, templates and regular expressions as such, so `//` inside
/// them is never taken for a comment; and lines inside a multi-line template literal are kept verbatim.
/// `joined` then drops the line breaks that cannot end a statement, once the modules are bundled
/// (`WebBundle` reads their imports line by line).
enum WebMinifier {
    static func minify(_ bytes: [UInt8], path: String) -> [UInt8] {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard ext == "js" || ext == "mjs" || ext == "css" else { return bytes }
        let source = String(decoding: bytes, as: UTF8.self)
        var output: [Substring] = []
        var inTemplate = false
        var inBlock = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if inTemplate {
                output.append(line)
                if backticksAreOdd(line) { inTemplate = false }
                continue
            }
            var text = trimmed(line)
            if inBlock {
                guard let end = text.range(of: "*/") else { continue }
                inBlock = false
                text = trimmed(text[end.upperBound...])
            }
            if ext != "css" && text.hasPrefix("//") { continue }
            if text.hasPrefix("/*") {
                guard let end = text.dropFirst(2).range(of: "*/") else {
                    inBlock = true
                    continue
                }
                text = trimmed(text[end.upperBound...])
            }
            if text.isEmpty { continue }
            if ext != "css", let squeezed = squeezed(text) {
                if !squeezed.text.isEmpty { output.append(Substring(squeezed.text)) }
                inTemplate = squeezed.inTemplate
                continue
            }
            output.append(text)
            if ext != "css" && backticksAreOdd(text) { inTemplate = true }
        }
        return Array((output.joined(separator: "\n") + "\n").utf8)
    }

    /// Minified JS with each line that ends with `{`, `,`, `;`, `(` or `[` joined to the next: a line
    /// break after one of these never ends a statement, so automatic semicolon insertion is unchanged.
    /// Lines of a multi-line template literal (and the line that opens one) keep their breaks.
    static func joined(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inTemplate = false
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            out.append(contentsOf: line)
            let odd = backticksAreOdd(Substring(decoding: line, as: UTF8.self))
            if odd { inTemplate.toggle() }
            let continues = !inTemplate && !odd && line.last.map { [123, 44, 59, 40, 91].contains($0) } == true
            if !continues { out.append(10) }
        }
        if out.last == 10 { out.removeLast() }  // the split's empty tail
        return out
    }

    static func trimmed(_ s: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = s.lastIndex(where: { !isSpace($0) })!
        return s[first...last]
    }

    /// An odd count of unescaped backticks opens (or closes) a template literal spanning lines.
    static func backticksAreOdd(_ s: Substring) -> Bool {
        var count = 0
        var escaped = false
        for c in s.utf8 {
            if escaped {
                escaped = false
            } else if c == UInt8(ascii: "\\") {
                escaped = true
            } else if c == UInt8(ascii: "`") {
                count += 1
            }
        }
        return count % 2 == 1
    }
}
