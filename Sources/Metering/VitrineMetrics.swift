import CoreMetrics
import Metrics
import Prometheus
import Synchronization

/// One application's metrics: its own Prometheus registry, the swift-metrics factory over it, and the
/// handles the server, the stores and the importer record into. `GET /metrics` renders the registry.
///
/// Why a registry per application and not `MetricsSystem.bootstrap`: the bootstrap is process-global and
/// may run once, while one test process builds many applications, each of which must count only its own
/// requests (a test makes N requests and expects its counter to grow by exactly N). So nothing here uses
/// the global factory: every handle is made with `factory:` from this object, the composition root makes
/// one `VitrineMetrics` per application and hands it to the router, the blob-store and catalog decorators
/// and the importer. Libraries that record through the global system (none in this process does) would
/// not appear on `/metrics`.
///
/// Per request the cost is one dictionary look-up under a short lock for the route's handles (made once per
/// route, method and status, so labels are built once), an atomic add and a histogram update.
public final class VitrineMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory

    /// Requests being handled (until their response is ready to write).
    package let requestsInFlight: Meter
    let requestHandles = Mutex<[RequestKey: RequestHandles]>([:])
    /// Gauges read from their sources when scraped (queues, streams, the process).
    let samplers = Mutex<[@Sendable () -> Void]>([])

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [
            Names.requestDuration: Buckets.requests,
            Names.catalogDuration: Buckets.catalog,
            Names.importDuration: Buckets.imports,
            Names.jobDuration: Buckets.imports,
        ]
        self.factory = factory
        requestsInFlight = Meter(label: Names.requestsInFlight, factory: factory)
        addProcessSamplers()
    }

    /// Adds a gauge set from `read` at each scrape (nil leaves it as it was).
    package func sample(_ name: String, _ read: @escaping @Sendable () -> Double?) {
        let gauge = Gauge(label: name, factory: factory)
        samplers.withLock {
            $0.append {
                if let value = read() { gauge.record(value) }
            }
        }
    }

    /// The exposition: every sampled gauge read now, then the registry in Prometheus text format with a
    /// `# HELP` line for each of Vitrine's families.
    public func scrape() -> [UInt8] {
        for sampler in samplers.withLock({ $0 }) { sampler() }
        return PrometheusHelp.annotate(registry.emitToBuffer())
    }
}

/// Histogram bounds, in seconds.
enum Buckets {
    /// A page answers in a millisecond or so when cached; assets stream for longer.
    static let requests: [Duration] = [
        .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]
    /// Catalog calls are mostly well under a millisecond on SQLite; PostgreSQL adds a network round trip.
    static let catalog: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .seconds(1), .seconds(5),
    ]
    /// An import decodes and encodes a full photo: tenths of a second to seconds.
    static let imports: [Duration] = [
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30), .seconds(60),
    ]
}
