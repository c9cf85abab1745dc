import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed XML element: S3's answers are small documents of nested elements and text.
struct XMLElement: Sendable {
    var name: String
    var text: String
    var children: [XMLElement]

    func first(_ name: String) -> XMLElement? { children.first { $0.name == name } }
    func all(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }
    func text(of name: String) -> String? { first(name)?.text }

    /// Parses a document; nil when it is not well-formed XML.
    static func parse(_ bytes: [UInt8]) -> XMLElement? {
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root
    }

    /// Element text escaped for a request body.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// Builds the element tree from the parser's events.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLElement] = []
    var root: XMLElement?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(XMLElement(name: name, text: "", children: []))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }
}
