import Catalog
import Hummingbird
import Metering

/// `GET /metrics`: the application's metrics in Prometheus text format, never cached.
struct MetricsController<Context: RequestContext>: Sendable {
    let metrics: VitrineMetrics
    /// Read at each scrape for the queue's gauges (one grouped count); a catalog that cannot answer leaves
    /// them at their last values.
    let queue: any JobQueue

    static var contentType: String { "text/plain; version=0.0.4; charset=utf-8" }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("metrics", use: scrape)
    }

    func addRoutes(to router: Router<Context>) {
        router.get("metrics", use: scrape)
    }

    @Sendable func scrape(_ request: Request, context: Context) async throws -> Response {
        if let summary = try? await queue.jobSummary() { metrics.record(summary) }
        let bytes = metrics.scrape()
        return Response(
            status: .ok, headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
