import Foundation

/// Polls `condition` every 20 ms for up to `seconds`; false when it never held.
///
/// Waits are bounded by time, not by a number of polls: the first test process runs hundreds of tests on
/// two cores, where one poll can take seconds, so a count of polls says nothing about how long was waited.
package func eventually(seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
