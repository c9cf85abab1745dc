import Testing

@testable import Jobs

/// The idle worker's wait: a time-out or a cancelled wait must not spoil the next one, or an idle worker
/// claims in a tight loop and keeps its database busy.
///
/// Only lower bounds are timed: this suite shares its process with suites that keep both cores busy, where
/// a task can wait seconds to be scheduled. A wait that should end early is given an hour instead, and the
/// suite's time limit catches one that does not.
@Suite(.timeLimit(.minutes(2))) struct WakeSignalTests {
    static let never = Duration.seconds(3600)

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
        await signal.wait(timeout: Self.never)
        #expect(await clock.measure { await signal.wait(timeout: .milliseconds(100)) } >= .milliseconds(95))
    }

    @Test func aWakeUpEndsAWait() async throws {
        let signal = WakeSignal()
        let clock = ContinuousClock()
        let waiter = Task { await signal.wait(timeout: Self.never) }
        try await Task.sleep(for: .milliseconds(50))
        signal.signal()
        await waiter.value
        // Consumed by that wait: the next one sleeps.
        #expect(await clock.measure { await signal.wait(timeout: .milliseconds(100)) } >= .milliseconds(95))
    }

    @Test func aCancelledWaitReturnsAndLeavesTheSignalWorking() async throws {
        let signal = WakeSignal()
        let clock = ContinuousClock()
        let waiter = Task { await signal.wait(timeout: Self.never) }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await waiter.value
        #expect(await clock.measure { await signal.wait(timeout: .milliseconds(100)) } >= .milliseconds(95))
        let next = Task { await signal.wait(timeout: Self.never) }
        try await Task.sleep(for: .milliseconds(50))
        signal.signal()
        await next.value
    }
}
