import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Believes a reverse proxy's `X-Forwarded-For` and `X-Forwarded-Proto`, only when the operator said one is in
/// front (`serve --trust-proxy`): otherwise any client could pick its own address and escape per-address limits.
///
/// The right-most `X-Forwarded-For` entry is the one the trusted proxy appended (the address it saw); entries
/// to its left came from the client and prove nothing.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = VitrineRequestContext

    let trustsProxy: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard trustsProxy else { return try await next(request, context) }
        var context = context
        if let forwarded = Self.forwardedClient(request.headers[values: .xForwardedFor]) {
            context.clientAddress = forwarded
        }
        context.forwardedProto = Self.forwardedProto(request.headers[values: .xForwardedProto])
        return try await next(request, context)
    }

    /// The last entry of the last `X-Forwarded-For` field, when it is an IP address; nil otherwise.
    static func forwardedClient(_ fields: [String]) -> String? {
        guard let last = fields.last?.split(separator: ",", omittingEmptySubsequences: false).last else {
            return nil
        }
        var entry = last.trimmingCharacters(in: .whitespaces)
        if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
            // `[v6]:port` as some proxies write it.
            entry = String(entry[entry.index(after: entry.startIndex)..<close])
        }
        guard entry.utf8.count <= maximumAddressBytes, let address = try? SocketAddress(ipAddress: entry, port: 0)
        else { return nil }
        return address.ipAddress
    }

    /// `http` or `https` from the last `X-Forwarded-Proto` value; anything else is ignored.
    static func forwardedProto(_ fields: [String]) -> String? {
        guard let last = fields.last?.split(separator: ",").last else { return nil }
        let proto = last.trimmingCharacters(in: .whitespaces).lowercased()
        return proto == "http" || proto == "https" ? proto : nil
    }

    /// Longer than any textual IPv6 address (45 bytes), short enough to parse cheaply.
    static let maximumAddressBytes = 64
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
