import Catalog
import Testing

/// `JobBackoff` and `JobClock`: doubling to the cap, saturating whatever a row's attempt count or clock holds.
@Suite struct JobBackoffTests {
    @Test func delaysDoubleUpToTheCap() {
        let backoff = JobBackoff(base: 1000, cap: 10_000)
        #expect((1...6).map { backoff.delay(afterAttempt: $0) } == [1000, 2000, 4000, 8000, 10_000, 10_000])
        #expect(backoff.delay(afterAttempt: 0) == 1000 && backoff.delay(afterAttempt: Int.min) == 1000)
    }

    @Test func extremesSaturate() {
        let huge = JobBackoff(base: Int64.max / 2, cap: Int64.max)
        #expect(huge.delay(afterAttempt: Int.max) == Int64.max)
        #expect(JobBackoff(base: -5, cap: -1).delay(afterAttempt: 3) == 0)
        #expect(JobBackoff.standard.retryTime(afterAttempt: 3, now: Int64.max - 1) == Int64.max)
        #expect(JobClock.adding(-50, to: 10) == 10)
        #expect(JobClock.adding(Int64.max, to: Int64.max) == Int64.max)
    }

    @Test func anErrorTextIsCut() {
        #expect(JobLimits.errorText(String(repeating: "é", count: 5000)).count == JobLimits.maximumErrorText)
        #expect(JobLimits.attempts(0) == 1 && JobLimits.attempts(Int.max) == JobLimits.maximumAttempts)
    }
}
