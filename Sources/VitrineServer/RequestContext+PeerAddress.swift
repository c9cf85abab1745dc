import Hummingbird

extension RequestContext {
    /// The client's address as `VitrineRequestContext` resolved it (socket peer, or a trusted proxy's
    /// record), else the socket peer; one shared bucket when neither is known.
    package var peerAddress: String {
        if let context = self as? VitrineRequestContext { return context.clientAddress }
        guard let address = (self as? any RemoteAddressRequestContext)?.remoteAddress else { return "unknown" }
        return address.ipAddress ?? "unknown"
    }
}
