import Foundation
import VitrineAPI

/// The server's change feed (`GET /api/v1/events`) as an `AsyncSequence` that never ends on its own:
/// a dropped stream is resumed from the last sequence number seen, after a back-off that doubles
/// with each failed attempt and resets once an event arrives.
///
/// It fails only for what waiting cannot mend: a 4xx answer (a wrong token, a bad `since`).
/// Cancelling the consuming task ends it: `next()` answers nil, whether it was reading or waiting.
public struct ChangeFeed: AsyncSequence, Sendable {
    public enum Event: Sendable, Equatable {
        /// The stream started without a resume point; `seq` is the newest change so far.
        case ready(seq: Int64)
        case change(ChangeMessage)
        /// The resume point is older than the history the server keeps: reload, then go on from `seq`.
        case reset(seq: Int64)
    }

    /// Waits between reconnection attempts.
    public struct Backoff: Sendable {
        public var initial: Duration
        public var maximum: Duration

        public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30)) {
            self.initial = initial
            self.maximum = maximum
        }

        /// The wait before attempt `attempt` (0 is the first retry), with up to 20 % jitter so many
        /// clients dropped together do not return together.
        func delay(attempt: Int) -> Duration {
            var delay = initial
            for _ in 0..<Swift.min(attempt, 32) where delay < maximum { delay *= 2 }
            delay = Swift.min(delay, maximum)
            return delay * Double.random(in: 0.8...1.0)
        }
    }

    let client: VitrineClient
    let since: Int64?
    let backoff: Backoff

    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, last: since, backoff: backoff)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let client: VitrineClient
        /// The newest sequence number seen: where a reconnection resumes.
        public private(set) var last: Int64?
        let backoff: Backoff
        var body: TransportBody.AsyncIterator?
        var parser = ServerSentEvents()
        var queued: [Event] = []
        var failures = 0

        init(client: VitrineClient, last: Int64?, backoff: Backoff) {
            self.client = client
            self.last = last
            self.backoff = backoff
        }

        public mutating func next() async throws -> Event? {
            while true {
                if Task.isCancelled { return nil }
                if !queued.isEmpty { return queued.removeFirst() }
                if body == nil {
                    do {
                        body = try await connect()
                    } catch let error as VitrineError where !error.isTransient {
                        throw error
                    } catch is CancellationError {
                        return nil
                    } catch {
                        guard await pause() else { return nil }
                        continue
                    }
                }
                do {
                    guard let chunk = try await body?.next() else {
                        // A stream the server ended is resumed after the same wait as a dropped one, so a
                        // server (or proxy) that answers and hangs up at once is not asked again in a loop.
                        body = nil
                        guard await pause() else { return nil }
                        continue
                    }
                    for event in try parser.feed(chunk) { if let event = decode(event) { queued.append(event) } }
                    if !queued.isEmpty { failures = 0 }
                } catch is CancellationError {
                    return nil
                } catch {
                    body = nil
                    guard await pause() else { return nil }
                }
            }
        }

        private mutating func connect() async throws -> TransportBody.AsyncIterator {
            var query: [URLQueryItem] = []
            var headers = ["Accept": "text/event-stream"]
            if let last {
                query.append(URLQueryItem(name: "since", value: String(last)))
                headers["Last-Event-ID"] = String(last)
            }
            parser = ServerSentEvents()
            let request = client.request(
                "GET", client.url("/api/v1/events", query: query), headers: headers, timeout: .seconds(365 * 86_400))
            return try await client.send(request).body.makeAsyncIterator()
        }

        /// Waits before the next attempt; false when the consuming task was cancelled meanwhile.
        private mutating func pause() async -> Bool {
            let server = parser.retryMilliseconds.map { Duration.milliseconds($0) } ?? .zero
            let delay = Swift.max(backoff.delay(attempt: failures), failures == 0 ? server : .zero)
            failures += 1
            do {
                try await Task.sleep(for: delay)
                return true
            } catch {
                return false
            }
        }

        private mutating func decode(_ event: ServerSentEvents.Event) -> Event? {
            let data = Data(event.data.utf8)
            switch event.name {
            case "change":
                guard let message = try? JSONDecoder().decode(ChangeMessage.self, from: data) else { return nil }
                last = message.seq
                return .change(message)
            case "ready", "reset":
                struct Seq: Decodable { var seq: Int64 }
                guard let seq = try? JSONDecoder().decode(Seq.self, from: data).seq else { return nil }
                last = seq
                return event.name == "ready" ? .ready(seq: seq) : .reset(seq: seq)
            default:
                return nil
            }
        }
    }
}

extension VitrineClient {
    /// Every change after `since` (nil: from now, starting with `.ready`), reconnecting as needed.
    public func changes(since: Int64? = nil, backoff: ChangeFeed.Backoff = ChangeFeed.Backoff()) -> ChangeFeed {
        ChangeFeed(client: self, since: since, backoff: backoff)
    }
}
