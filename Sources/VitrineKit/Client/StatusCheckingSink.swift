import Foundation
import Synchronization
import VitrineAPI

/// Passes a successful response on to a caller's sink, and keeps an error response (400 or more) to
/// itself: its first 64 KB, for the server's error code.
final class StatusCheckingSink<Wrapped: TransportSink>: TransportSink {
    private let wrapped: Wrapped
    /// The error's status and the start of its body, once an error arrived.
    private let error = Mutex<(status: Int, body: Data)?>(nil)

    init(_ wrapped: Wrapped) { self.wrapped = wrapped }

    func head(status: Int, headers: [String: String]) throws {
        guard status < 400 else {
            error.withLock { $0 = (status, Data()) }
            return
        }
        try wrapped.head(status: status, headers: headers)
    }

    func body(_ bytes: UnsafeRawBufferPointer) throws {
        let forward = error.withLock { error -> Bool in
            guard error != nil else { return true }
            let room = max(0, (64 << 10) - error!.body.count)
            error!.body.append(contentsOf: bytes.prefix(room))
            return false
        }
        if forward { try wrapped.body(bytes) }
    }

    /// `VitrineError.http` with the server's code and message, when the response was an error.
    var failure: VitrineError? {
        error.withLock { error in
            guard let error else { return nil }
            let detail = try? JSONDecoder().decode(APIErrorBody.self, from: error.body).error
            return VitrineError.http(status: error.status, code: detail?.code, message: detail?.message)
        }
    }
}
