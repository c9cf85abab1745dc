import Foundation

/// One HTTP request as VitrineKit describes it to a transport.
public struct TransportRequest: Sendable {
    public enum Body: Sendable {
        case data(Data)
        /// A file streamed from disk, so an upload never holds the whole photo in memory.
        case file(URL)
    }

    public var method: String
    public var url: URL
    /// Header names as sent; a transport sends each once.
    public var headers: [String: String]
    public var body: Body?
    /// The whole exchange, head and body, must finish within this.
    public var timeout: Duration

    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Body? = nil,
        timeout: Duration = .seconds(30)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
