import HTTPTypes
import Metrics

/// Which series a request lands in: the matched route pattern (never the raw path), a method out of a fixed
/// set and the status code, so the number of series is bounded by the router, not by clients.
package struct RequestKey: Hashable, Sendable {
    /// The route pattern, e.g. `/api/v1/photos/{id}`; `unmatched` when no route matched.
    package let route: String
    package let method: String
    package let status: Int

    package init(route: String, method: String, status: Int) {
        self.route = route
        self.method = method
        self.status = status
    }

    /// Methods outside these count as `other`: clients may send any token as a method.
    package static func method(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .patch: "PATCH"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        default: "other"
        }
    }
}

/// The handles of one `RequestKey`, made once.
struct RequestHandles: Sendable {
    let count: Counter
    let duration: Timer
}

extension VitrineMetrics {
    /// Counts one answered request and its duration in nanoseconds.
    package func recordRequest(_ key: RequestKey, nanoseconds: Int64) {
        let handles = requestHandles.withLock { cache in
            if let handles = cache[key] { return handles }
            let dimensions = [("route", key.route), ("method", key.method), ("status", String(key.status))]
            let handles = RequestHandles(
                count: Counter(label: Names.requests, dimensions: dimensions, factory: factory),
                duration: Timer(label: Names.requestDuration, dimensions: dimensions, factory: factory))
            cache[key] = handles
            return handles
        }
        handles.count.increment()
        handles.duration.recordNanoseconds(nanoseconds)
    }
}
