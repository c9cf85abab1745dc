import Catalog
import Foundation
import HTTPTypes
import Hummingbird
import Scheduling
import ServiceLifecycle
import Synchronization
import VitrineAPI

/// `GET /api/v1/events`: the catalog's change feed as Server-Sent Events.
///
/// Every message carries its sequence number as the event id, so a client that reconnects with
/// `Last-Event-ID` (or `?since=`) gets exactly what it missed, read back from the `changeEvent` table.
/// In-process writes wake the stream at once; other processes' writes (a CLI import) are polled every second.
/// Each stream holds a connection and a task for as long as it is open, so `limiter` bounds them per client
/// address and in all.
struct EventsController: Sendable {
    typealias Context = VitrineRequestContext

    let catalog: any PhotoReading & ChangeFeed
    let pulse: ChangePulse
    /// Signals `pulse` on every in-process change; kept alive as long as the routes are.
    let observation: LiveObservation
    let limiter: ConcurrencyLimiter
    /// Where items' asset URLs point (`--asset-base-url`, else this server's `/assets`).
    var assets = AssetURLs()

    static var pollInterval: Duration { .seconds(1) }
    static var pingInterval: Duration { .seconds(15) }
    /// Tells EventSource how long to wait before reconnecting on its own.
    static var retryMilliseconds: Int { 2000 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("events", use: stream)
    }

    @Sendable func stream(_ request: Request, context: Context) async throws -> Response {
        let resume = try Self.resumePoint(request)
        let ticket = try limiter.admit(context.clientAddress)
        let catalog = catalog
        let latest = try await catalog.latestChangeSeq()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        let pulse = pulse
        let connection = context.connection
        let body = ResponseBody { writer in
            defer { ticket.release() }
            // A hung-up client is otherwise noticed only at the next write (a ping, 15 s away); its place in
            // the limits is given back within a poll interval instead.
            let hungUp = Flag()
            ConnectionDeadline.whenClientLeaves(connection) { hungUp.raise() }
            var sender = EventWriter(writer: writer)
            var last = resume ?? latest
            if resume == nil {
                try await sender.send(
                    "retry: \(Self.retryMilliseconds)\nid: \(latest)\nevent: ready\ndata: {\"seq\":\(latest)}\n\n")
            } else {
                try await sender.send("retry: \(Self.retryMilliseconds)\n\n")
            }
            let stopping = Mutex(false)
            try await withGracefulShutdownHandler {
                while !Task.isCancelled, !stopping.withLock({ $0 }), !hungUp.isRaised {
                    let generation = pulse.generation
                    let after = last
                    let batch: Batch
                    do {
                        batch = try await Self.batch(after: after, catalog: catalog, assets: assets)
                    } catch is BusyError {
                        // A full pool delays the stream rather than ending it.
                        try await Task.sleep(for: Self.pollInterval)
                        continue
                    }
                    switch batch {
                    case .reset(let seq):
                        try await sender.send("id: \(seq)\nevent: reset\ndata: {\"seq\":\(seq)}\n\n")
                        last = seq
                        continue
                    case .changes(let messages, let more):
                        for (seq, text) in messages {
                            try await sender.send(text)
                            last = seq
                        }
                        if more { continue }
                    }
                    if sender.idle >= Self.pingInterval { try await sender.send(": ping\n\n") }
                    await pulse.wait(after: generation, timeout: Self.pollInterval)
                }
            } onGracefulShutdown: {
                // Ends the stream so the server can stop; EventSource reconnects to the next one.
                stopping.withLock { $0 = true }
                pulse.signal()
            }
            try await sender.finish()
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    enum Batch: Sendable {
        case changes([(Int64, String)], more: Bool)
        case reset(Int64)
    }

    static var batchLimit: Int { 200 }

    /// Up to `batchLimit` changes after `seq`, each rendered as one SSE message with the photo as it is now.
    static func batch(
        after seq: Int64, catalog: any PhotoReading & ChangeFeed, assets: AssetURLs
    ) async throws -> Batch {
        // A seq beyond the newest (a restored catalog, or a made-up id) cannot be resumed from.
        let latest = try await catalog.latestChangeSeq()
        guard seq <= latest else { return .reset(latest) }
        guard let events = try await catalog.changes(after: seq, limit: batchLimit) else {
            return .reset(latest)
        }
        guard !events.isEmpty else { return .changes([], more: false) }
        let photos = try await catalog.photos(
            ids: events.filter { $0.kind == .insert || $0.kind == .update }.map(\.photoId))
        let total = try await catalog.count()
        let messages = try events.map { event -> (Int64, String) in
            let seq = event.seq ?? 0
            let message = ChangeMessage(
                seq: seq, kind: event.kind.rawValue, id: event.photoId,
                sortKey: .init(takenAt: event.sortTakenAt, id: event.photoId),
                photo: event.kind == .delete
                    ? nil : photos[event.photoId].map { WireMapping.summary($0, assets: assets) }, total: total)
            let json = String(decoding: try JSONResponse.encoder.encode(message), as: UTF8.self)
            return (seq, "id: \(seq)\nevent: change\ndata: \(json)\n\n")
        }
        return .changes(messages, more: events.count == batchLimit)
    }

    /// `Last-Event-ID` (EventSource's own reconnects) or `?since=` (a client reconnecting by itself).
    static func resumePoint(_ request: Request) throws -> Int64? {
        let raw =
            request.headers[HTTPField.Name("Last-Event-ID")!] ?? request.formParameters["since"].map(String.init)
        guard let raw, !raw.isEmpty else { return nil }
        guard let seq = Int64(raw), seq >= 0 else {
            throw APIError(.badRequest, code: "bad_event_id", message: "Last-Event-ID and since are sequence numbers")
        }
        return seq
    }
}

/// Writes SSE text and remembers when, for keep-alive pings.
struct EventWriter {
    var writer: any ResponseBodyWriter
    private var lastWrite = ContinuousClock.now

    init(writer: any ResponseBodyWriter) { self.writer = writer }

    var idle: Duration { ContinuousClock.now - lastWrite }

    consuming func finish() async throws { try await writer.finish(nil) }

    mutating func send(_ text: String) async throws {
        try await writer.write(ByteBuffer(string: text))
        lastWrite = ContinuousClock.now
    }
}

/// A one-way switch that any thread may raise.
final class Flag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
