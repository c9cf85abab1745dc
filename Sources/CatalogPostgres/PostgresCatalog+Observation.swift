import Catalog
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// Change observation through LISTEN/NOTIFY: every transaction that appends to the feed notifies
/// `vitrine_changes` (delivered at commit), so a commit by any process wakes every observer.
extension PostgresCatalog {
    /// Calls `onChange` after each committed change, whichever process made it, and once after each
    /// reconnection (changes made while the connection was down were not announced).
    ///
    /// The observation has a connection of its own, outside the pool, which it reopens with back-off when it
    /// drops (a database restart). It returns once its first LISTEN is in place, or once the first attempt
    /// failed (it keeps trying; readers poll as well).
    public func observeChanges(_ onChange: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        try await observe(channel: Self.changeChannel, onChange)
    }

    /// Calls `onChange` after each notification on `channel` and once after each reconnection, from a
    /// connection of its own as `observeChanges` describes.
    func observe(
        channel: String, _ onChange: @escaping @Sendable () -> Void
    ) async throws -> ChangeObservation {
        let cancelled = CancellationFlag()
        let guarded: @Sendable () -> Void = { if !cancelled.isSet { onChange() } }
        let configuration = try self.configuration.connectionConfiguration()
        let logger = self.logger
        let (firstAttempt, firstAttemptDone) = AsyncStream<Void>.makeStream()
        let task = Task {
            var delay = Self.minimumListenRetryDelay
            var connected = false
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        configuration: configuration, id: Self.listenConnectionID.add(1, ordering: .relaxed).newValue,
                        logger: logger)
                    do {
                        try await connection.listen(on: channel) { notifications in
                            firstAttemptDone.yield()
                            firstAttemptDone.finish()
                            if connected { guarded() }
                            connected = true
                            delay = Self.minimumListenRetryDelay
                            for try await _ in notifications { guarded() }
                        }
                    } catch {
                        logger.debug("observation of \(channel) lost its connection", metadata: ["error": "\(error)"])
                    }
                    try? await connection.close()
                } catch {
                    logger.debug("observation of \(channel) cannot connect", metadata: ["error": "\(error)"])
                }
                firstAttemptDone.finish()
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, Self.maximumListenRetryDelay)
            }
        }
        for await _ in firstAttempt { break }
        let handle = ListenHandle(flag: cancelled, task: task)
        return ChangeObservation(token: handle) { handle.cancel() }
    }

    static let minimumListenRetryDelay = Duration.milliseconds(100)
    static let maximumListenRetryDelay = Duration.seconds(5)
    /// Connection ids for logs, distinct from the pool's.
    static let listenConnectionID = Atomic<Int>(1_000_000)
}

/// Set once an observation is cancelled, so no callback runs after `cancel` returns.
final class CancellationFlag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

/// Stops an observation's listening task when cancelled or released.
final class ListenHandle: Sendable {
    let flag: CancellationFlag
    let task: Task<Void, Never>

    init(flag: CancellationFlag, task: Task<Void, Never>) {
        self.flag = flag
        self.task = task
    }

    func cancel() {
        flag.set()
        task.cancel()
    }

    deinit { cancel() }
}

extension PostgresCatalogConfiguration {
    /// The settings of a connection of its own (change observation, the open-time probe), as the pool's.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            try tlsSettings.map { settings in
                let context = try NIOSSLContext(configuration: settings)
                return self.tls == .prefer ? .prefer(context) : .require(context)
            } ?? .disable
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        configuration.options.additionalStartupParameters = [("application_name", "vitrine")]
        return configuration
    }
}
