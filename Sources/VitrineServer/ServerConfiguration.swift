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
    /// Session cookies are `Secure`: the public URL is https.
    public var securesCookies: Bool
    /// The proxy in front is trusted: its `X-Forwarded-Proto` (and client address) are believed.
    public var trustsProxy: Bool
    /// Failed tokens, session cookies and API keys allowed per client address per minute, then 429.
    public var failedAttemptLimit: Int

    public init(
        isPrivate: Bool = false, maximumUploadBytes: Int = 200 << 20, securesCookies: Bool = false,
        trustsProxy: Bool = false, failedAttemptLimit: Int = 10
    ) {
        self.isPrivate = isPrivate
        self.maximumUploadBytes = maximumUploadBytes
        self.securesCookies = securesCookies
        self.trustsProxy = trustsProxy
        self.failedAttemptLimit = failedAttemptLimit
    }
}
