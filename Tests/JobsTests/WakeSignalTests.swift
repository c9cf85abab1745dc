import Testing

@testable import Jobs

/// The idle worker's wait: a time-out or a cancelled wait must not spoil the next one, or an idle worker
/// claims in a tight loop and keeps its database busy.
@Suite struct WakeSignalTests {
    @Test func aWaitAfterATimedOutOneStillSleeps() async {
        let signal = WakeSignal()
        let clock = ContinuousClock()
        for _ in 0..<3 {
            let waited = await clock.measure { await signal.wait(timeout: .milliseconds(100)) }
            #expect(waited >= .milliseconds(95))
        }
    }

    @Test func aWakeUpWhileNobodyWaitsIsKeptOnce() async {
        let signal = WakeSignal()
        let clock = ContinuousClock()
        signal.signal()
        signal.signal()
        #expect(await clock.measure { await signal.wait(timeout: .seconds(10)) } < .seconds(5))
        #expect(await clock.measure { await signal.wait(timeout: .milliseconds(100)) } >= .milliseconds(95))
    }

    @Test func aWakeUpEndsAWait() async throws {
        let signal = WakeSignal()
        let clock = ContinuousClock()
        let started = clock.now
        let waiter = Task { await signal.wait(timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        signal.signal()
        await waiter.value
        #expect(started.duration(to: clock.now) < .seconds(10))
        // Consumed by that wait: the next one sleeps.
        #expect(await clock.measure { await signal.wait(timeout: .milliseconds(100)) } >= .milliseconds(95))
    }

    @Test func aCancelledWaitReturnsAndLeavesTheSignalWorking() async throws {
        let signal = WakeSignal()
        let clock = ContinuousClock()
        let waiter = Task { await signal.wait(timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        let started = clock.now
        await waiter.value
        #expect(started.duration(to: clock.now) < .seconds(10))
        #expect(await clock.measure { await signal.wait(timeout: .milliseconds(100)) } >= .milliseconds(95))
        let next = Task { await signal.wait(timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        signal.signal()
        let woken = clock.now
        await next.value
        #expect(woken.duration(to: clock.now) < .seconds(10))
    }
}
