import Access
import Catalog
import Logging
import Testing

@Suite struct AuthThrottleTests {
    let logger = Logger(label: "access-tests")
    let scratch: ScratchCatalog
    let clock = TestClock(1_700_000_000)

    init() throws { scratch = try ScratchCatalog() }

    func makeThrottle(limit: Int) -> AuthThrottle {
        AuthThrottle(counters: scratch.catalog, limit: limit, windowSeconds: 60, clock: { [clock] in clock.now })
    }

    @Test func anAddressIsHeldForTheRestOfTheWindowAfterItsFailures() async throws {
        let throttle = makeThrottle(limit: 3)
        for _ in 0..<3 {
            let seen = try await throttle.window("10.0.0.1")
            #expect(throttle.retryAfter(seen) == nil)
            try await throttle.failed("10.0.0.1", kind: "admin token", seen: seen, path: "/", logger: logger)
            clock.advance(10)
        }
        #expect(throttle.retryAfter(try await throttle.window("10.0.0.1")) == 30)
        #expect(throttle.retryAfter(try await throttle.window("10.0.0.2")) == nil, "another address is free")
        clock.advance(29.5)
        #expect(throttle.retryAfter(try await throttle.window("10.0.0.1")) == 1, "never less than a second")
        clock.advance(1)
        #expect(try await throttle.window("10.0.0.1") == nil, "the window ended")
    }

    @Test func aStaleCookieCountsOncePerWindow() async throws {
        let throttle = makeThrottle(limit: 2)
        for _ in 0..<5 {
            let seen = try await throttle.window("10.0.0.1")
            try await throttle.failed(
                "10.0.0.1", kind: "session", cookie: "stale", seen: seen, path: "/thumb", logger: logger)
        }
        #expect(try await throttle.window("10.0.0.1")?.failures == 1)
        try await throttle.failed("10.0.0.1", kind: "session", cookie: "guess", seen: nil, path: "/", logger: logger)
        #expect(throttle.retryAfter(try await throttle.window("10.0.0.1")) == 60)
    }

    @Test func windowArithmeticSaturates() {
        #expect(ThrottleWindow.cutoff(now: 100, windowSeconds: 60) == 40)
        #expect(ThrottleWindow.cutoff(now: 100, windowSeconds: -5) == 100)
        #expect(ThrottleWindow.cutoff(now: Int64.min + 1, windowSeconds: 60) == Int64.min)
        let window = ThrottleWindow(start: 100, failures: 1)
        #expect(window.secondsLeft(length: 60, now: 130) == 30)
        #expect(window.secondsLeft(length: 60, now: 500) == 0)
        #expect(window.secondsLeft(length: 60, now: -500) == 60)
        #expect(ThrottleWindow(start: .max, failures: 1).secondsLeft(length: 60, now: 0) == 60)
        #expect(ThrottleWindow(start: .min, failures: 1).secondsLeft(length: 60, now: .max) == 60)
        #expect(ThrottleClock.seconds(12.9) == 12)
        #expect(ThrottleClock.seconds(.nan) == 0)
        #expect(ThrottleClock.seconds(.infinity) == 0)
        #expect(ThrottleClock.seconds(-0.5) == -1)
    }
}
