import Catalog
import TestSupport
import Testing

/// `ThrottleCounters`: fixed windows of failed credentials per key, shared by every connection.
@Suite struct ThrottleCountersContractTests {
    let folder = TemporaryDirectory("contract-throttles")

    @Test(arguments: CatalogUnderTest.all)
    func aWindowOpensCountsAndEndsAfterItsLength(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        #expect(try await catalog.throttleWindow(key: "1.2.3.4", now: 1000, windowSeconds: 60) == nil)
        #expect(
            try await catalog.recordFailure(key: "1.2.3.4", repeatKey: nil, now: 1000, windowSeconds: 60)
                == ThrottleWindow(start: 1000, failures: 1))
        #expect(
            try await catalog.recordFailure(key: "1.2.3.4", repeatKey: nil, now: 1030, windowSeconds: 60)
                == ThrottleWindow(start: 1000, failures: 2))
        #expect(
            try await catalog.throttleWindow(key: "1.2.3.4", now: 1059, windowSeconds: 60)
                == ThrottleWindow(start: 1000, failures: 2))
        #expect(try await catalog.throttleWindow(key: "5.6.7.8", now: 1059, windowSeconds: 60) == nil, "per key")
        #expect(try await catalog.throttleWindow(key: "1.2.3.4", now: 1060, windowSeconds: 60) == nil, "ended")
        #expect(
            try await catalog.recordFailure(key: "1.2.3.4", repeatKey: nil, now: 1060, windowSeconds: 60)
                == ThrottleWindow(start: 1060, failures: 1), "a failure after the end opens a new window")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aForgivenFailureLeavesTheWindowAndNothingElse(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        for second: Int64 in 0..<3 {
            try await catalog.recordFailure(key: "k", repeatKey: nil, now: 100 + second, windowSeconds: 60)
        }
        try await catalog.recordFailure(key: "other", repeatKey: nil, now: 100, windowSeconds: 60)
        try await catalog.forgiveFailure(key: "k", start: 100)
        #expect(
            try await catalog.throttleWindow(key: "k", now: 110, windowSeconds: 60)
                == ThrottleWindow(start: 100, failures: 2))
        #expect(try await catalog.throttleWindow(key: "other", now: 110, windowSeconds: 60)?.failures == 1, "per key")
        try await catalog.forgiveFailure(key: "k", start: 99)
        #expect(
            try await catalog.throttleWindow(key: "k", now: 110, windowSeconds: 60)?.failures == 2, "another window's")
        for _ in 0..<4 { try await catalog.forgiveFailure(key: "k", start: 100) }
        #expect(
            try await catalog.throttleWindow(key: "k", now: 110, windowSeconds: 60)?.failures == 0, "never below none")
        try await catalog.forgiveFailure(key: "none", start: 100)
        #expect(try await catalog.throttleWindow(key: "none", now: 110, windowSeconds: 60) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aRepeatKeyCountsOncePerWindow(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        for second in 0..<5 {
            let window = try await catalog.recordFailure(
                key: "a", repeatKey: "stale-cookie", now: 100 + Int64(second), windowSeconds: 60)
            #expect(window == ThrottleWindow(start: 100, failures: 1))
        }
        #expect(
            try await catalog.recordFailure(key: "a", repeatKey: "other-cookie", now: 110, windowSeconds: 60).failures
                == 2)
        #expect(try await catalog.recordFailure(key: "a", repeatKey: nil, now: 111, windowSeconds: 60).failures == 3)
        #expect(
            try await catalog.recordFailure(key: "b", repeatKey: "stale-cookie", now: 112, windowSeconds: 60).failures
                == 1, "repeats are per key")
        #expect(
            try await catalog.recordFailure(key: "a", repeatKey: "stale-cookie", now: 160, windowSeconds: 60)
                == ThrottleWindow(start: 160, failures: 1), "and counted again in the next window")
    }

    @Test(arguments: CatalogUnderTest.all)
    func twoConnectionsCountIntoTheSameWindow(_ kind: CatalogUnderTest) async throws {
        let a = try await kind.open(in: folder)
        let b = try await kind.open(in: folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<20 {
                let catalog = n.isMultiple(of: 2) ? a : b
                group.addTask {
                    try await catalog.recordFailure(key: "k", repeatKey: nil, now: 500, windowSeconds: 60)
                }
            }
            try await group.waitForAll()
        }
        #expect(
            try await a.throttleWindow(key: "k", now: 501, windowSeconds: 60)
                == ThrottleWindow(start: 500, failures: 20))
        async let first = a.recordFailure(key: "k", repeatKey: "cookie", now: 502, windowSeconds: 60)
        async let second = b.recordFailure(key: "k", repeatKey: "cookie", now: 502, windowSeconds: 60)
        _ = try await (first, second)
        #expect(
            try await b.throttleWindow(key: "k", now: 503, windowSeconds: 60)?.failures == 21,
            "one repeat key, counted once across connections")
    }

    @Test(arguments: CatalogUnderTest.all)
    func pruningForgetsOnlyEndedWindows(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.recordFailure(key: "old", repeatKey: "c", now: 100, windowSeconds: 60)
        try await catalog.recordFailure(key: "new", repeatKey: "c", now: 150, windowSeconds: 60)
        try await catalog.pruneThrottleWindows(now: 170, windowSeconds: 60)
        #expect(
            try await catalog.throttleWindow(key: "new", now: 170, windowSeconds: 60)
                == ThrottleWindow(start: 150, failures: 1))
        #expect(
            try await catalog.recordFailure(key: "new", repeatKey: "c", now: 171, windowSeconds: 60).failures == 1,
            "the live window keeps its repeats")
        // Read with a longer window, the pruned one would still be open: it is gone, not just hidden.
        #expect(try await catalog.throttleWindow(key: "old", now: 170, windowSeconds: 600) == nil)
        #expect(
            try await catalog.recordFailure(key: "old", repeatKey: "c", now: 171, windowSeconds: 600)
                == ThrottleWindow(start: 171, failures: 1))
    }
}
