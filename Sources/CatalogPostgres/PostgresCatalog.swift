import Catalog
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization
import VitrineCore

/// The catalog in a PostgreSQL database, shared by any number of processes and machines.
///
/// Every read and write the app needs is a method here, named for its intent, with its SQL beside it, as in
/// `SQLiteCatalog`; both pass the same contract suite. Queries go through `PostgresClient`'s pool as
/// parameterised, prepared statements. A connection that cannot be had, or a statement the server cancels,
/// surfaces as `CatalogError.unavailable`, which the server answers 503 with `Retry-After`; the pool then
/// reconnects by itself once the database is back.
public final class PostgresCatalog: Sendable {
    let client: PostgresClient
    let configuration: PostgresCatalogConfiguration
    /// Recorded with each lease and collection mark this catalog makes; see `BlobLeases`.
    let leaseHolder: LeaseHolder?
    let logger: Logger
    /// Runs the client's pool; cancelling it closes every connection.
    private let runner: Task<Void, Never>

    private init(
        client: PostgresClient, configuration: PostgresCatalogConfiguration, leaseHolder: LeaseHolder?,
        logger: Logger, runner: Task<Void, Never>
    ) {
        self.client = client
        self.configuration = configuration
        self.leaseHolder = leaseHolder
        self.logger = logger
        self.runner = runner
    }

    /// Connects, and brings the schema up to date under an advisory lock (see `migrate`).
    public static func open(
        _ configuration: PostgresCatalogConfiguration, leaseHolder: LeaseHolder? = nil,
        logger: Logger = Logger(label: "vitrine.catalog.postgres")
    ) async throws -> PostgresCatalog {
        try await probe(configuration, logger: logger)
        let client = PostgresClient(configuration: try configuration.clientConfiguration(), backgroundLogger: logger)
        let runner = Task { await client.run() }
        let catalog = PostgresCatalog(
            client: client, configuration: configuration, leaseHolder: leaseHolder, logger: logger, runner: runner)
        do {
            try await catalog.migrate()
        } catch {
            await catalog.close()
            throw error
        }
        return catalog
    }

    /// Opens and closes one connection, so that a URL that can never work (TLS the server does not offer, a
    /// refused password, a database that does not exist) fails the open with its reason, where the pool would
    /// only retry; an unreachable server is `CatalogError.unavailable`.
    static func probe(_ configuration: PostgresCatalogConfiguration, logger: Logger) async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try configuration.connectionConfiguration(), id: 0, logger: logger)
        } catch {
            let reason = Self.describe(error)
            if Self.outage(error) != nil {
                throw CatalogError.unavailable(
                    "the catalog database \(configuration.redactedURL) cannot be reached (\(reason))")
            }
            throw PostgresConfigurationError("cannot open the catalog at \(configuration.redactedURL): \(reason)")
        }
        try? await connection.close()
    }

    /// Words for a connection error: PostgresNIO's descriptions hide the server's message on purpose.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        switch error.code {
        case .sslUnsupported:
            return "the server does not offer TLS, which sslmode requires"
        case .server:
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return (error.serverInfo?[.message] ?? "the server refused the connection") + state
        default:
            return error.underlying.map { "\(error.code): \($0)" } ?? "\(error.code)"
        }
    }

    /// Closes every connection; calls made afterwards fail.
    public func close() async {
        runner.cancel()
        await runner.value
    }

    deinit { runner.cancel() }

    /// Runs `body` on a pooled connection, outside a transaction (single statements).
    func withConnection<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await mappingErrors { try await leasing(body) }
    }

    /// Runs `body` in a transaction on a pooled connection: committed when it returns, rolled back when it
    /// throws. The error `body` threw is what the caller sees.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T
    {
        let logger = self.logger
        return try await mappingErrors {
            try await leasing { connection in
                do {
                    return try await connection.withTransaction(logger: logger) { try await body($0) }
                } catch let error as PostgresTransactionError {
                    throw error.closureError ?? error.beginError ?? error.commitError ?? error
                }
            }
        }
    }

    /// Runs `body` on a pooled connection, giving up with `CatalogError.unavailable` when none could be had
    /// within the connect time-out (or when the caller is cancelled first). The pool queues requests while
    /// it cannot connect (up to 15 s before its circuit breaker opens), so without this bound a request
    /// would hang through a database restart. A request that got its connection is abandoned only when
    /// that connection closes under it: across a restart a query's answer may never come, and its caller
    /// (a worker's job) would wait for good.
    ///
    /// The pool's request runs in a task of its own and a give-up returns at once: a task group would wait
    /// for that request to end, and across a restart the pool may never answer it (a worker then stopped
    /// claiming for good).
    func leasing<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let race = LeaseRace()
        let wait = LeaseWait<T>()
        let client = self.client
        let timeout = Duration.seconds(configuration.connectTimeoutSeconds)
        let unavailable = CatalogError.unavailable(Self.noConnectionMessage)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                wait.install(continuation)
                let work = Task {
                    do {
                        let value = try await client.withConnection { connection in
                            guard race.settle(.leased) else { throw unavailable }
                            wait.leased(connection)
                            return try await body(connection)
                        }
                        wait.finish(.success(value))
                    } catch {
                        wait.finish(.failure(error))
                    }
                }
                let timer = Task {
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    if race.settle(.gaveUp) {
                        wait.finish(.failure(unavailable))
                        return
                    }
                    // Leased: the body runs until its connection closes under it (then this task is
                    // cancelled by the end of the wait, or gives up for it).
                    while let connection = wait.connection, (try? await Task.sleep(for: Self.closedPoll)) != nil {
                        if connection.isClosed {
                            wait.finish(.failure(unavailable))
                            return
                        }
                    }
                }
                wait.hold(work: work, timer: timer)
            }
        } onCancel: {
            if race.settle(.gaveUp) { wait.finish(.failure(CancellationError())) }
        }
    }

    /// One request's wait for its connection: resumed once, by the request's end or by a give-up, which
    /// also cancels the pool's request (the body never runs once the race is settled).
    final class LeaseWait<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var result: Result<T, any Error>?
            var work: Task<Void, Never>?
            var timer: Task<Void, Never>?
            var connection: PostgresConnection?
        }
        private let state = Mutex(State())

        /// The connection the body runs on, once it has one.
        var connection: PostgresConnection? { state.withLock { $0.connection } }

        func leased(_ connection: PostgresConnection) { state.withLock { $0.connection = connection } }

        func install(_ continuation: CheckedContinuation<T, any Error>) {
            let early = state.withLock { state -> Result<T, any Error>? in
                guard let result = state.result else {
                    state.continuation = continuation
                    return nil
                }
                return result
            }
            if let early { continuation.resume(with: early) }
        }

        func hold(work: Task<Void, Never>, timer: Task<Void, Never>) {
            let ended = state.withLock { state -> Bool in
                state.work = work
                state.timer = timer
                return state.result != nil
            }
            if ended { stop(work, timer) }
        }

        func finish(_ result: Result<T, any Error>) {
            let (continuation, work, timer) = state.withLock { state in
                guard state.result == nil else {
                    return (CheckedContinuation<T, any Error>?.none, Task<Void, Never>?.none, Task<Void, Never>?.none)
                }
                state.result = result
                defer { state.continuation = nil }
                return (state.continuation, state.work, state.timer)
            }
            continuation?.resume(with: result)
            stop(work, timer)
        }

        /// The timer's sleep ends, and a pool request still waiting is withdrawn.
        private func stop(_ work: Task<Void, Never>?, _ timer: Task<Void, Never>?) {
            timer?.cancel()
            work?.cancel()
        }
    }

    /// How often a request whose body is running checks that its connection is still open.
    static let closedPoll = Duration.seconds(1)

    /// Which came first for one request: its connection, or the end of its wait.
    final class LeaseRace: Sendable {
        enum Outcome: Sendable { case waiting, leased, gaveUp }
        private let outcome = Mutex(Outcome.waiting)

        /// Records `result` and returns true, unless the other side already settled the race.
        func settle(_ result: Outcome) -> Bool {
            outcome.withLock { outcome in
                guard outcome == .waiting else { return false }
                outcome = result
                return true
            }
        }
    }

    static let noConnectionMessage = "the catalog database cannot be reached; try again shortly"

    /// Turns the ways a database can be out of reach into `CatalogError.unavailable`.
    func mappingErrors<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as CatalogError {
            throw error
        } catch {
            if let reason = Self.outage(error) {
                logger.warning("catalog unavailable", metadata: ["reason": "\(reason)"])
                throw CatalogError.unavailable("the catalog database is unavailable (\(reason)); try again shortly")
            }
            throw error
        }
    }

    /// Why `error` means the database cannot be reached or is shutting down, or nil for any other error.
    static func outage(_ error: any Error) -> String? {
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                .queryCancelled:
                return "\(error.code)"
            case .server:
                guard let state = error.serverInfo?[.sqlState] else { return nil }
                // Class 08: connection exceptions; 57P01–57P03: the server is shutting down or starting;
                // 57014: the statement timed out; 53300: too many connections.
                if state.hasPrefix("08") || ["57P01", "57P02", "57P03", "57014", "53300"].contains(state) {
                    return "SQLSTATE \(state)"
                }
                return nil
            default:
                return nil
            }
        }
        // The pool's own errors (its circuit breaker opened after connecting failed for a while, or it shut
        // down); the type lives in an underscored module, so it is recognised by name.
        if String(reflecting: type(of: error)).hasSuffix("ConnectionPoolError") {
            return "no connection could be made (\(error))"
        }
        if error is ChannelError || error is IOError || error is NIOConnectionError {
            return "\(error)"
        }
        return nil
    }

    /// Milliseconds since 1970, as `SQLiteCatalog` stores times.
    static var now: Int64 { EpochMilliseconds.now }
}

extension PostgresCatalogConfiguration {
    /// The pool's settings: size, connect time-out, TLS, and the statement time-out sent at connection start-up.
    func clientConfiguration() throws -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            tlsSettings.map { self.tls == .prefer ? .prefer($0) : .require($0) } ?? .disable
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.maximumConnections = poolSize
        configuration.options.connectTimeout = .seconds(connectTimeoutSeconds)
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(statementTimeoutMilliseconds)),
            ("application_name", "vitrine"),
        ]
        return configuration
    }

    /// The TLS settings `sslmode` asks for, nil for `disable`: `prefer` and `require` do not verify the
    /// certificate (as libpq), `verify-full` checks it against the system's roots and the host name.
    var tlsSettings: TLSConfiguration? {
        switch tls {
        case .disable:
            return nil
        case .prefer, .require:
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            return unverified
        case .verifyFull:
            return .makeClientConfiguration()
        }
    }
}
