import Hummingbird
import VitrineServer

/// The absolute base of URLs in Pixabay and Parse answers (their clients expect absolute URLs).
///
/// A configured public URL wins. Otherwise the request's `Host` is used only when it is a plain host name,
/// IPv4 or bracketed IPv6 address with an optional port: anything else (spaces, paths, `@`, quotes) could
/// plant a foreign URL in an answer, so it falls back to the listening address.
struct PublicBase: Sendable {
    let configured: String?
    let fallback: String

    init(configuration: CompatConfiguration) {
        configured = configuration.publicURL.flatMap(Self.validated(publicURL:))
        fallback = "http://" + configuration.fallbackAuthority
    }

    func resolve(_ request: Request) -> String {
        if let configured { return configured }
        if let host = request.head.authority, Self.isValid(authority: host) { return "http://" + host }
        return fallback
    }

    /// `http(s)://authority[/path]` without query or fragment, trailing slashes removed; nil otherwise.
    static func validated(publicURL text: String) -> String? {
        let lower = text.lowercased()
        guard let schemeEnd = ["http://", "https://"].first(where: lower.hasPrefix) else { return nil }
        let rest = text.dropFirst(schemeEnd.count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        guard isValid(authority: String(authority)),
            path.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/-._~%".contains($0)) })
        else { return nil }
        var result = String(text.prefix(schemeEnd.count)) + authority + path
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// A host name, IPv4 address or `[IPv6]`, with an optional decimal port.
    static func isValid(authority: String) -> Bool {
        guard !authority.isEmpty, authority.utf8.count <= 260 else { return false }
        var host = Substring(authority)
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            let inner = authority[authority.index(after: authority.startIndex)..<close]
            guard !inner.isEmpty, inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return false }
                port = after.dropFirst()
            }
            host = ""
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
                let number = Int(port), (1...65535).contains(number)
            else { return false }
        }
        if authority.hasPrefix("[") { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return host.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}
