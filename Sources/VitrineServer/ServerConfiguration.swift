/// What `vitrine serve` needs to know.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The folder of static web client files (`Web/` in the repository); nil serves the API only.
    public var webRoot: String?

    public init(host: String = "127.0.0.1", port: Int = 8080, webRoot: String? = nil) {
        self.host = host
        self.port = port
        self.webRoot = webRoot
    }
}
