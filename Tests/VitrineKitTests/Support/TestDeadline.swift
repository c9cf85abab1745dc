import Foundation

/// The body's result, or a thrown `DeadlineExceeded` after `limit`: every wait in these tests ends.
func within<T: Sendable>(
    _ limit: Duration = .seconds(90), _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded(limit: limit) }
        return value
    }
}

struct DeadlineExceeded: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "no result within \(limit)" }
}
