import TestSupport
import Testing

/// Child servers started side by side never share a port: port 0 repeats a port within a few thousand
/// picks, so a second test could be given the port a first test's server is about to bind.
@Suite struct FreePortTests {
    @Test func aProcessIsNeverHandedTheSamePortTwice() throws {
        var seen = Set<Int>()
        for _ in 0..<3_000 {
            let port = try ChildProcess.freeLoopbackPort()
            #expect(seen.insert(port).inserted, "port \(port) handed out twice")
        }
    }

    /// An outgoing connection's local port comes from the ephemeral range; a port from below it cannot be
    /// taken by a test's own client between the pick and the server's bind.
    @Test func portsComeFromBelowTheEphemeralRange() throws {
        let range = ChildProcess.ephemeralRange
        for _ in 0..<500 {
            let port = try ChildProcess.freeLoopbackPort()
            #expect(port >= 10_000 && port < range.lowerBound, "port \(port) is in \(range)")
        }
    }
}
