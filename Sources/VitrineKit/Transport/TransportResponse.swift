import Foundation

/// A response head and its body, still streaming.
public struct TransportResponse: Sendable {
    public var status: Int
    /// Header names lowercased; a repeated header's values joined with ", ".
    public var headers: [String: String]
    public var body: TransportBody

    public init(status: Int, headers: [String: String], body: TransportBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header by name, in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The whole body, failing with `VitrineError.tooLarge` past `limit` bytes so a hostile server
    /// cannot exhaust memory.
    public func collect(upTo limit: Int) async throws -> Data {
        var data = Data()
        for try await chunk in body {
            guard chunk.count <= limit - data.count else { throw VitrineError.tooLarge(limit: limit) }
            data.append(chunk)
        }
        return data
    }
}

/// A response body as chunks of bytes, read once.
public struct TransportBody: AsyncSequence, Sendable {
    public typealias Element = Data

    private let makeNext: @Sendable () -> (() async throws -> Data?)

    /// A body read by calling the closure `makeNext` returns until it answers nil.
    public init(_ makeNext: @escaping @Sendable () -> (() async throws -> Data?)) {
        self.makeNext = makeNext
    }

    /// A body already in memory, sent as one chunk.
    public init(data: Data) {
        self.makeNext = {
            var sent = data.isEmpty
            return {
                defer { sent = true }
                return sent ? nil : data
            }
        }
    }

    public static let empty = TransportBody(data: Data())

    public struct AsyncIterator: AsyncIteratorProtocol {
        let next: () async throws -> Data?
        public mutating func next() async throws -> Data? { try await next() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(next: makeNext()) }
}
