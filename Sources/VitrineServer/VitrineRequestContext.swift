import Hummingbird
import NIOCore

/// The context every Vitrine route sees: Hummingbird's core storage plus who is asking.
///
/// Per-client limits (event streams, failed sign-ins) count by `clientAddress`, so it must be an address the
/// client cannot choose: the socket peer, or the proxy's own record of its peer when the operator says a proxy
/// is in front (`--trust-proxy`).
public struct VitrineRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The socket peer; nil only in the in-memory test transport, which has no socket.
    public let remoteAddress: SocketAddress?
    /// The connection, so a long response (an event stream) can end as soon as the client hangs up.
    public let connection: any Channel
    /// The client's IP address: the socket peer's, or the right-most `X-Forwarded-For` entry when the proxy
    /// is trusted. `ClientAddressMiddleware` sets it before any route runs.
    public internal(set) var clientAddress: String
    /// The scheme the trusted proxy says the client used (`X-Forwarded-Proto`); nil when no proxy is trusted
    /// or it sent none.
    public internal(set) var forwardedProto: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        connection = source.channel
        clientAddress = Self.ipAddress(of: remoteAddress)
        forwardedProto = nil
    }

    /// What stands for a peer without an IP address (a Unix socket, or the in-memory test transport).
    static let unknownAddress = "unknown"

    static func ipAddress(of address: SocketAddress?) -> String { address?.ipAddress ?? unknownAddress }
}
