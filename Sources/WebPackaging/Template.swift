/// A text with `{{name}}` placeholders, split into pieces once, so that filling it is one pass over the
/// template: text a placeholder brings in is never scanned again, and a photo titled `{{first-tiles}}`
/// stays a title.
package struct Template: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case slot(String)
    }

    let pieces: [Piece]

    /// A placeholder is `{{` + lowercase letters, digits or `-` + `}}`; anything else is text.
    package init(_ source: String) {
        var pieces: [Piece] = []
        var text = Substring(source)
        var literal = ""
        while let open = text.range(of: "{{") {
            literal += text[..<open.lowerBound]
            let rest = text[open.upperBound...]
            if let close = rest.range(of: "}}"), Self.isName(rest[..<close.lowerBound]) {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.slot(String(rest[..<close.lowerBound])))
                text = rest[close.upperBound...]
            } else {
                literal += "{{"
                text = rest
            }
        }
        literal += text
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    private init(pieces: [Piece]) { self.pieces = pieces }

    /// The text with each slot named in `values` replaced; other slots stay as `{{name}}`.
    package func fill(_ values: [String: String]) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .slot(let name): result += values[name] ?? "{{\(name)}}"
            }
        }
        return result
    }

    /// The slots named in `values` turned into text, the others kept as slots, so filling can be split
    /// between start-up and each request without ever reading inserted text as a placeholder.
    package func resolving(_ values: [String: String]) -> Template {
        Template(
            pieces: pieces.map { piece in
                if case .slot(let name) = piece, let value = values[name] { return .text(value) }
                return piece
            })
    }

    private static func isName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}
