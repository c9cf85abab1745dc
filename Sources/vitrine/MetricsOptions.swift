import ArgumentParser
import VitrineServer

/// `serve` options for `GET /metrics`: on by default behind the admin token, or on a separate listener
/// without it, or off.
struct MetricsOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: """
            Serve Prometheus metrics at GET /metrics (admin token needed on the main port). --no-metrics turns \
            metrics off entirely: no /metrics, nothing counted.
            """)
    var metrics = true

    @Option(
        help: """
            Serve /metrics on this separate port, without the token, and not on the main port (keep it on \
            loopback or a private network).
            """)
    var metricsPort: Int?

    @Option(help: "Address of the --metrics-port listener (default \(MetricsConfiguration.defaultListenerHost)).")
    var metricsHost: String?

    /// The configuration, or a message naming what is wrong.
    func configuration() throws -> MetricsConfiguration {
        guard let metricsPort else {
            guard metricsHost == nil else { throw ValidationError("--metrics-host needs --metrics-port") }
            return MetricsConfiguration(isEnabled: metrics)
        }
        guard metrics else { throw ValidationError("--metrics-port cannot be combined with --no-metrics") }
        guard (1...65_535).contains(metricsPort) else {
            throw ValidationError("--metrics-port must be between 1 and 65535")
        }
        return MetricsConfiguration(
            listener: .init(host: metricsHost ?? MetricsConfiguration.defaultListenerHost, port: metricsPort))
    }
}
