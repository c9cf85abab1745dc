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
}
