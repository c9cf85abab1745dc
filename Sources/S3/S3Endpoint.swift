/// The scheme, host and port requests go to: AWS's regional endpoint or another S3-compatible store's.
public struct S3Endpoint: Sendable, Equatable, CustomStringConvertible {
    public var secure: Bool
    public var host: String
    public var port: Int?

    /// Parses `http(s)://HOST[:PORT]` with at most a trailing `/`; IPv6 hosts in brackets.
    public init(url text: String) throws {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            secure = true
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            secure = false
            rest = text.dropFirst(7)
        } else {
            throw S3ConfigurationError.invalidEndpoint(text)
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@"), !authority.contains("?"),
            !authority.contains("#")
        else { throw S3ConfigurationError.invalidEndpoint(text) }
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw S3ConfigurationError.invalidEndpoint(text) }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw S3ConfigurationError.invalidEndpoint(text) }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty,
            hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.[]:".contains($0)) })
        else { throw S3ConfigurationError.invalidEndpoint(text) }
        host = hostPart.lowercased()
        if let portPart {
            guard portPart.count <= 5, let value = Int(portPart), (1...65_535).contains(value) else {
                throw S3ConfigurationError.invalidEndpoint(text)
            }
            port = value
        }
    }

    /// AWS's regional endpoint, `https://s3.REGION.amazonaws.com`.
    public static func aws(region: String) throws -> S3Endpoint {
        try S3Endpoint(url: "https://s3.\(region).amazonaws.com")
    }

    var scheme: String { secure ? "https" : "http" }

    /// `host` or `host:port` when the port is not the scheme's default: what the Host header carries.
    func authority(host name: String) -> String {
        guard let port, port != (secure ? 443 : 80) else { return name }
        return "\(name):\(port)"
    }

    public var description: String { "\(scheme)://\(authority(host: host))" }
}
