/// Whether `/metrics` exists and where (`vitrine serve --no-metrics`, `--metrics-host`, `--metrics-port`).
public struct MetricsConfiguration: Sendable, Equatable {
    /// Off: no `/metrics`, no per-request counting, the stores and the catalog unwrapped.
    public var isEnabled: Bool
    /// A separate listener that serves `/metrics` without the token; the main port then has no `/metrics`.
    /// nil: `/metrics` on the main port, behind the admin token.
    public var listener: Listener?

    public struct Listener: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// The host of `--metrics-port` without `--metrics-host`: loopback, since it answers without a token.
    public static let defaultListenerHost = "127.0.0.1"

    public init(isEnabled: Bool = true, listener: Listener? = nil) {
        self.isEnabled = isEnabled
        self.listener = listener
    }
}
