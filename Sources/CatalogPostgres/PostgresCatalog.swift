import Catalog
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

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

    /// Closes every connection; calls made afterwards fail.
    public func close() async {
        runner.cancel()
        await runner.value
    }

    deinit { runner.cancel() }

    /// Runs `body` on a pooled connection, outside a transaction (single statements).
    func withConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await mappingErrors { try await client.withConnection { try await body($0) } }
    }

    /// Runs `body` in a transaction on a pooled connection: committed when it returns, rolled back when it
    /// throws. The error `body` threw is what the caller sees.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await mappingErrors {
            do {
                return try await client.withTransaction(logger: logger) { try await body($0) }
            } catch let error as PostgresTransactionError {
                throw error.closureError ?? error.beginError ?? error.commitError ?? error
            }
        }
    }

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
        if error is ChannelError || error is IOError || error is NIOConnectionError {
            return "\(error)"
        }
        return nil
    }

    /// Milliseconds since 1970, as `SQLiteCatalog` stores times.
    static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension PostgresCatalogConfiguration {
    /// The pool's settings: size, connect time-out, TLS, and the statement time-out sent at connection start-up.
    func clientConfiguration() throws -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch self.tls {
        case .disable:
            tls = .disable
        case .prefer, .require:
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            tls = self.tls == .prefer ? .prefer(unverified) : .require(unverified)
        case .verifyFull:
            tls = .require(.makeClientConfiguration())
        }
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
}
