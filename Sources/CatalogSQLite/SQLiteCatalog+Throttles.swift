import Catalog
import GRDB

extension SQLiteCatalog {
    @discardableResult
    public func recordFailure(
        key: String, repeatKey: String?, now: Int64, windowSeconds: Int64
    ) async throws
        -> ThrottleWindow
    {
        try await write { db in
            var window: ThrottleWindow
            if let open = try Self.openWindow(key: key, now: now, windowSeconds: windowSeconds, in: db) {
                window = open
            } else {
                // The key's previous window (if any) has ended: its repeats go with it.
                try db.execute(sql: "DELETE FROM throttleRepeat WHERE key = ?", arguments: [key])
                window = ThrottleWindow(start: now, failures: 0)
            }
            if let repeatKey {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO throttleRepeat (key, repeatKey, start) VALUES (?, ?, ?)",
                    arguments: [key, repeatKey, window.start])
                if db.changesCount == 0 { return window }
            }
            window.failures = window.failures < Int.max ? window.failures + 1 : Int.max
            try db.execute(
                sql: """
                    INSERT INTO throttleWindow (key, start, failures) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET start = excluded.start, failures = excluded.failures
                    """,
                arguments: [key, window.start, window.failures])
            return window
        }
    }

    public func forgiveFailure(key: String, start: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE throttleWindow SET failures = failures - 1 WHERE key = ? AND start = ? AND failures > 0",
                arguments: [key, start])
        }
    }

    public func throttleWindow(key: String, now: Int64, windowSeconds: Int64) async throws -> ThrottleWindow? {
        try await read { db in try Self.openWindow(key: key, now: now, windowSeconds: windowSeconds, in: db) }
    }

    public func pruneThrottleWindows(now: Int64, windowSeconds: Int64) async throws {
        let cutoff = ThrottleWindow.cutoff(now: now, windowSeconds: windowSeconds)
        try await write { db in
            try db.execute(sql: "DELETE FROM throttleWindow WHERE start <= ?", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM throttleRepeat WHERE start <= ?", arguments: [cutoff])
        }
    }

    /// The window of `key` that has not ended at `now`.
    static func openWindow(key: String, now: Int64, windowSeconds: Int64, in db: Database) throws -> ThrottleWindow? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT start, failures FROM throttleWindow WHERE key = ? AND start > ?",
                arguments: [key, ThrottleWindow.cutoff(now: now, windowSeconds: windowSeconds)])
        else { return nil }
        return ThrottleWindow(start: row["start"], failures: row["failures"])
    }
}
