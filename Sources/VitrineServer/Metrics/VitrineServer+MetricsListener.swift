import Catalog
import Hummingbird
import Logging
import Metering
import ServiceLifecycle

extension VitrineServer {
    /// The separate listener of `--metrics-host/--metrics-port`: `GET /metrics` without the token, nothing
    /// else. It runs as a service of the main application, so it starts and stops with it. Operators keep it
    /// on loopback or a private network; the main port then has no `/metrics`.
    static func makeMetricsListener(
        metrics: VitrineMetrics, queue: any JobQueue, listener: MetricsConfiguration.Listener, limits: Limits,
        logger: Logger
    ) -> some Service {
        let router = Router(context: BasicRequestContext.self)
        MetricsController(metrics: metrics, queue: queue).addRoutes(to: router)
        return Application(
            router: router, server: .timedHTTP1(limits),
            configuration: .init(address: .hostname(listener.host, port: listener.port), serverName: "Vitrine"),
            logger: logger)
    }
}
