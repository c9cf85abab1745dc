import Catalog
import PostgresNIO

/// Failed-credential windows, counted by every server into the same rows.
extension PostgresCatalog: ThrottleCounters {
    /// One transaction whose first statement is an upsert of the key's window: it opens the window, or
    /// restarts it when it has ended, and holds the row's lock until the commit, so failures recorded at once
    /// on several servers queue on that row and each counts on top of the others.
    @discardableResult
    public func recordFailure(
        key: String, repeatKey: String?, now: Int64, windowSeconds: Int64
    ) async throws
        -> ThrottleWindow
    {
        let cutoff = ThrottleWindow.cutoff(now: now, windowSeconds: windowSeconds)
        return try await transaction { connection in
            let (start, failures) =
                try await connection.query(
                    """
                    INSERT INTO throttle_window AS w (key, start, failures) VALUES (\(key), \(now), 0)
                    ON CONFLICT (key) DO UPDATE SET
                        start = CASE WHEN w.start <= \(cutoff) THEN excluded.start ELSE w.start END,
                        failures = CASE WHEN w.start <= \(cutoff) THEN 0 ELSE w.failures END
                    RETURNING start, failures
                    """, logger: self.logger
                ).collect().first?.decode((Int64, Int64).self) ?? (now, Int64(0))
            // Repeats of an earlier window go with it.
            try await connection.query(
                "DELETE FROM throttle_repeat WHERE key = \(key) AND start <> \(start)", logger: self.logger)
            if let repeatKey {
                let counted = try await connection.query(
                    """
                    INSERT INTO throttle_repeat (key, repeat_key, start) VALUES (\(key), \(repeatKey), \(start))
                    ON CONFLICT (key, repeat_key) DO NOTHING RETURNING 1
                    """, logger: self.logger
                ).collect().isEmpty
                if counted { return ThrottleWindow(start: start, failures: Int(failures)) }
            }
            let total =
                try await connection.query(
                    """
                    UPDATE throttle_window SET failures = failures + 1
                    WHERE key = \(key) AND failures < \(Int64.max) RETURNING failures
                    """, logger: self.logger
                ).collect().first?.decode(Int64.self) ?? failures
            return ThrottleWindow(start: start, failures: Int(total))
        }
    }

    public func forgiveFailure(key: String, start: Int64) async throws {
        try await withConnection { connection in
            try await connection.query(
                """
                UPDATE throttle_window SET failures = failures - 1
                WHERE key = \(key) AND start = \(start) AND failures > 0
                """, logger: self.logger)
        }
    }

    public func throttleWindow(key: String, now: Int64, windowSeconds: Int64) async throws -> ThrottleWindow? {
        let cutoff = ThrottleWindow.cutoff(now: now, windowSeconds: windowSeconds)
        return try await withConnection { connection in
            try await connection.query(
                "SELECT start, failures FROM throttle_window WHERE key = \(key) AND start > \(cutoff)",
                logger: self.logger
            ).collect().first.map { row in
                let (start, failures) = try row.decode((Int64, Int64).self)
                return ThrottleWindow(start: start, failures: Int(failures))
            }
        }
    }

    public func pruneThrottleWindows(now: Int64, windowSeconds: Int64) async throws {
        let cutoff = ThrottleWindow.cutoff(now: now, windowSeconds: windowSeconds)
        try await transaction { connection in
            try await connection.query("DELETE FROM throttle_window WHERE start <= \(cutoff)", logger: self.logger)
            try await connection.query("DELETE FROM throttle_repeat WHERE start <= \(cutoff)", logger: self.logger)
        }
    }
}
