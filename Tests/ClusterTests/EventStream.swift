import AsyncHTTPClient
import Foundation
import NIOCore
import Synchronization
import VitrineAPI

/// A server's `/api/v1/events` read by a task of its own; every event is kept with the instant it arrived,
/// so a test can ask for one after the fact and know how long it took.
final class EventStream: Sendable {
    struct Event: Sendable {
        var name: String
        var id: String?
        var data: String
        var arrived: ContinuousClock.Instant

        var change: ChangeMessage? {
            name == "change" ? try? JSONDecoder().decode(ChangeMessage.self, from: Data(data.utf8)) : nil
        }
    }

    /// What the reader task has received: the events, and the error that ended the stream if one did.
    private final class Received: Sendable {
        let events = Mutex<[Event]>([])
        let ended = Mutex<(any Error)?>(nil)
    }

    private let received: Received
    private let reader: Task<Void, Never>

    /// Opens the stream and returns once its `ready` event has arrived.
    static func open(_ server: ClusterServer) async throws -> EventStream {
        let stream = EventStream(url: server.base + "/api/v1/events")
        guard try await stream.next(within: .seconds(20), where: { $0.name == "ready" }) != nil else {
            stream.close()
            throw NoReadyEvent(server: server.name)
        }
        return stream
    }

    private init(url: String) {
        let received = Received()
        self.received = received
        reader = Task {
            do {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "Accept", value: "text/event-stream")
                let response = try await HTTP.client.execute(request, timeout: .hours(1))
                var pending = ""
                for try await chunk in response.body {
                    pending += String(buffer: chunk)
                    while let end = pending.range(of: "\n\n") {
                        let block = pending[..<end.lowerBound]
                        pending = String(pending[end.upperBound...])
                        if let event = Self.parse(block) { received.events.withLock { $0.append(event) } }
                    }
                }
            } catch {
                received.ended.withLock { $0 = error }
            }
        }
    }

    /// One SSE message: `event:`, `id:` and `data:` fields; comments (pings) and bare `retry:` give nil.
    static func parse(_ block: Substring) -> Event? {
        var name = "message"
        var id: String?
        var data: [Substring] = []
        var sawData = false
        for line in block.split(separator: "\n") where !line.hasPrefix(":") {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let field = parts[0]
            var value = parts.count > 1 ? parts[1] : ""
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch field {
            case "event": name = String(value)
            case "id": id = String(value)
            case "data":
                data.append(value)
                sawData = true
            default: continue
            }
        }
        return sawData ? Event(name: name, id: id, data: data.joined(separator: "\n"), arrived: .now) : nil
    }

    /// The first event so far, or arriving within `limit`, that `matches`; nil when none does in time.
    func next(within limit: Duration, where matches: (Event) -> Bool) async throws -> Event? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let event = received.events.withLock({ $0.first(where: matches) }) { return event }
            if let error = received.ended.withLock({ $0 }) { throw error }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The change event about photo `id` of `kind` (insert, update, delete), waiting up to `limit`.
    func change(
        _ kind: String, id: String, within limit: Duration = .seconds(10)
    ) async throws -> (
        ChangeMessage, ContinuousClock.Instant
    )? {
        let event = try await next(within: limit) { event in
            event.change.map { $0.kind == kind && $0.id == id } ?? false
        }
        return event.flatMap { event in event.change.map { ($0, event.arrived) } }
    }

    /// Every change event received so far, in order.
    var changes: [ChangeMessage] { received.events.withLock { $0.compactMap(\.change) } }

    /// Whether the server sent a `reset` (the stream fell behind the feed's retention).
    var sawReset: Bool { received.events.withLock { $0.contains { $0.name == "reset" } } }

    func close() { reader.cancel() }

    struct NoReadyEvent: Error, CustomStringConvertible {
        var server: String
        var description: String { "\(server) sent no ready event on /api/v1/events" }
    }

    deinit { reader.cancel() }
}
