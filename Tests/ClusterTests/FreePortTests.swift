import TestSupport
import Testing

/// The ports child servers are given lie below the kernel's ephemeral range, where no outgoing connection
/// of another suite can take one between the check and the server's bind.
@Suite struct FreePortTests {
    @Test func freePortsAreBelowTheEphemeralRangeAndBindable() throws {
        let ephemeral = ChildProcess.ephemeralPortRange()
        for _ in 0..<20 {
            let port = try ChildProcess.freeLoopbackPort()
            #expect(port >= 10_000 && port < ephemeral.lowerBound, "\(port)")
            #expect(try ChildProcess.bindLoopback(port: port) == port)
        }
    }
}
