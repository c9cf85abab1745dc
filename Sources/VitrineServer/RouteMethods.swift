import HTTPTypes
import Hummingbird
import Synchronization

/// The methods the router answers at each of its paths, read once its routes are added, so that a request
/// for a path the router has with a method it lacks answers 405 with `Allow` (RFC 9110 §15.5.6), which a
/// generated client can tell from a path that does not exist (404).
final class RouteMethods: Sendable {
    private let routes = Mutex<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Keeps every route of `router`; called when the router is complete.
    func record<Context>(_ router: Router<Context>) {
        let described = router.routes.map { (path: $0.path, method: $0.method) }
        routes.withLock { $0 = described }
    }

    /// The methods answered at `path` (without its query), in name order; empty when no route matches it.
    func allowed(at path: some StringProtocol) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let methods = routes.withLock { routes in
            Set(routes.filter { Self.matches($0.path, segments) }.map(\.method.rawValue))
        }
        return methods.sorted()
    }

    /// Whether `path` matches `segments` as the router's trie would: literal or captured one for one, and
    /// a recursive wildcard (`**`) taking the rest, at least one.
    static func matches(_ path: RouterPath, _ segments: [some StringProtocol]) -> Bool {
        var index = 0
        for component in path.components {
            if component.description == "**" { return index < segments.count }
            guard index < segments.count, component ~= segments[index] else { return false }
            index += 1
        }
        return index == segments.count
    }
}
