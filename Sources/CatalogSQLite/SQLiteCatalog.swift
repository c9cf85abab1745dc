import Catalog
import Foundation
import GRDB
import Scheduling
import VitrineCore

/// The catalog in one SQLite file in WAL mode behind a `DatabasePool`, owned by this one type.
///
/// Readers never block the writer and vice versa. Every read and write the app needs is a method here,
/// named for its intent, so SQL stays in one place (GRDB's AppDatabase pattern). SQLite blocks, so every
/// call runs on `executor`, a bounded pool that refuses with `BusyError` when full, and callers just await.
public struct SQLiteCatalog: PhotoCatalog {
    let writer: any DatabaseWriter
    /// Recorded with each lease and collection mark this catalog makes; see `BlobLeases`.
    let leaseHolder: LeaseHolder?
    let executor: BoundedExecutor

    /// Opens (creating if needed) the catalog at `path` and brings its schema up to date.
    ///
    /// - Parameter executor: where the blocking SQLite work runs (the server passes its blocking pool, so
    ///   `--blocking-threads` and `--blocking-queue` bound it); a pool of its own when nil.
    public init(path: String, leaseHolder: LeaseHolder? = nil, executor: BoundedExecutor? = nil) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        // FULL: in WAL mode each commit fsyncs the WAL before it returns, so a commit survives a power cut
        // too. Deletions depend on it: their blobs are deleted right after the commit that drops the rows,
        // and with NORMAL a power cut could bring the rows back without their files. Set on the writer
        // after the pool is open, because opening a pool sets NORMAL there (GRDB's WAL set-up).
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try self.init(writer: pool, leaseHolder: leaseHolder, executor: executor)
    }

    /// A catalog over a database opened elsewhere (tests of migrations from older schemas).
    init(writer: any DatabaseWriter, leaseHolder: LeaseHolder? = nil, executor: BoundedExecutor? = nil) throws {
        try Self.migrator.migrate(writer)
        self.writer = writer
        self.leaseHolder = leaseHolder
        self.executor = executor ?? Self.defaultExecutor()
    }

    /// A pool for a catalog opened without one: as wide as SQLite's default reader count allows to be
    /// useful, with a deep queue (the CLI and tests; the server passes its own).
    static func defaultExecutor() -> BoundedExecutor {
        BoundedExecutor(
            label: "vitrine.catalog", width: 4, queueLimit: 10_000, refusal: "the catalog is busy; try again shortly")
    }

    /// Runs a read on the executor.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let writer = self.writer
        return try await executor.run { try Self.reportingLocks { try writer.read(body) } }
    }

    /// Runs a write transaction on the executor.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let writer = self.writer
        return try await executor.run { try Self.reportingLocks { try writer.write(body) } }
    }

    /// Runs writes that manage their own transaction on the executor.
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let writer = self.writer
        return try await executor.run { try Self.reportingLocks { try writer.writeWithoutTransaction(body) } }
    }

    /// A database another process has kept locked past the busy timeout is `CatalogError.unavailable`:
    /// the operation did nothing (its transaction rolled back) and a retry shortly may succeed.
    static func reportingLocks<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
            throw CatalogError.unavailable(
                "the SQLite catalog stayed locked by another connection: \(error.message ?? "")")
        }
    }

    static var now: Int64 { EpochMilliseconds.now }
}
