/// What `vitrine serve` needs to know.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The folder of static web client files (`Web/` in the repository); nil serves the API only.
    public var webRoot: String?
    public var access: AccessConfiguration
    /// The Pixabay- and Parse-compatible APIs: public URL, owner, Parse application id, rate limits.
    public var compat: CompatConfiguration

    public init(
        host: String = "127.0.0.1", port: Int = 8080, webRoot: String? = nil,
        access: AccessConfiguration = AccessConfiguration(), compat: CompatConfiguration? = nil
    ) {
        self.host = host
        self.port = port
        self.webRoot = webRoot
        self.access = access
        self.compat = compat ?? CompatConfiguration(fallbackAuthority: "\(host):\(port)")
    }
}

/// Who may read, and how much a write may send.
public struct AccessConfiguration: Sendable {
    /// Reads need the admin token too (or the session cookie it buys); the web client asks for it.
    public var isPrivate: Bool
    public var maximumUploadBytes: Int
    /// A reverse proxy the operator runs is in front (`serve --trust-proxy`): the client address is the
    /// right-most `X-Forwarded-For` entry and `X-Forwarded-Proto` tells whether the client used https.
    /// Off by default, because without such a proxy any client could send those headers.
    public var trustsProxy: Bool

    public init(isPrivate: Bool = false, maximumUploadBytes: Int = 200 << 20, trustsProxy: Bool = false) {
        self.isPrivate = isPrivate
        self.maximumUploadBytes = maximumUploadBytes
        self.trustsProxy = trustsProxy
    }
}
