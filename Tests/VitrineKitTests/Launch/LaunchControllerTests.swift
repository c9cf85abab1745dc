import Foundation
import Testing
import VitrineKit

@Suite struct LaunchControllerTests {
    /// A service that waits far past its own time-out and never checks for cancellation.
    static func stubborn(_ name: String, isRequired: Bool, timeout: Duration) -> LaunchService {
        LaunchService(name: name, isRequired: isRequired, timeout: timeout) {
            // A detached task's value does not pass the waiter's cancellation on.
            try? await Task.detached { try await Task.sleep(for: .seconds(600)) }.value
        }
    }

    @Test func eachServiceHasItsOwnTimeout() async throws {
        let started = ContinuousClock.now
        let result = await LaunchController(services: [
            .optional("slow", timeout: .milliseconds(200)) { try await Task.sleep(for: .seconds(600)) },
            .required("patient", timeout: .seconds(120)) { try await Task.sleep(for: .milliseconds(400)) },
        ]).launch()
        let report = try result.get()
        #expect(report.succeeded == ["patient"])
        #expect(report.failedOptional == ["slow": .timeout(service: "slow")])
        #expect(try #require(report.durations["slow"]) >= .milliseconds(200))
        #expect(try #require(report.durations["patient"]) >= .milliseconds(400))
        #expect(ContinuousClock.now - started >= .milliseconds(400))
    }

    @Test func aRequiredTimeoutFailsTheLaunchEvenIfTheServiceIgnoresCancellation() async throws {
        let started = ContinuousClock.now
        let result = await LaunchController(services: [
            Self.stubborn("config", isRequired: true, timeout: .milliseconds(300)),
            .required("page", timeout: .seconds(120)) {},
        ]).launch()
        #expect(result == .failure(.timeout(service: "config")))
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .seconds(300), "the launch does not wait for a service that ignores cancellation")
    }

    @Test func aRequiredFailureCancelsTheRestAndFailsFast() async throws {
        let sibling = CancellationProbe()
        let result = await LaunchController(services: [
            .required("session", timeout: .seconds(120)) {
                throw VitrineError.http(status: 500, code: "internal", message: nil)
            },
            .optional("tags", timeout: .seconds(600)) { try await sibling.sleepUntilCancelled() },
        ]).launch()
        #expect(result == .failure(.serverError(service: "session", status: 500, code: "internal")))
        #expect(try await within { await sibling.wasCancelled() })
    }

    @Test func anOptionalFailureIsReportedNotFatal() async throws {
        let result = await LaunchController(services: [
            .required("page", timeout: .seconds(120)) {},
            .optional("tags", timeout: .seconds(120)) { throw VitrineError.offline("down") },
            .optional("decode", timeout: .seconds(120)) { throw VitrineError.decoding("bad") },
        ]).launch()
        let report = try result.get()
        #expect(report.succeeded == ["page"])
        #expect(report.failedOptional["tags"] == .offline(service: "tags"))
        guard case .other(service: "decode", _)? = report.failedOptional["decode"] else {
            Issue.record("decoding is reported as other: \(String(describing: report.failedOptional["decode"]))")
            return
        }
    }

    @Test func errorsMapToTheSafetyScreensReasons() {
        #expect(LaunchFailure(service: "s", error: VitrineError.timeout) == .timeout(service: "s"))
        #expect(LaunchFailure(service: "s", error: VitrineError.offline("x")) == .offline(service: "s"))
        #expect(
            LaunchFailure(service: "s", error: VitrineError.http(status: 503, code: "busy", message: "m"))
                == .serverError(service: "s", status: 503, code: "busy"))
        #expect(LaunchFailure(service: "s", error: LaunchFailure.offline(service: "t")) == .offline(service: "t"))
        #expect(LaunchFailure.serverError(service: "a", status: 500, code: nil).service == "a")
    }

    @Test func noServicesLaunchAtOnce() async throws {
        #expect(try await LaunchController(services: []).launch().get() == LaunchReport())
    }

    @Test func cancellingTheLaunchEndsItPromptly() async throws {
        let launched = Task {
            await LaunchController(services: [Self.stubborn("slow", isRequired: true, timeout: .seconds(600))]).launch()
        }
        launched.cancel()
        let result = try await within { await launched.value }
        guard case .failure(.other(service: "slow", _)) = result else {
            Issue.record("a cancelled launch fails: \(result)")
            return
        }
    }
}

/// Tells whether a task sleeping in `sleepUntilCancelled` was cancelled.
actor CancellationProbe {
    private var cancelled = false
    private var waiters: [CheckedContinuation<Bool, Never>] = []

    func sleepUntilCancelled() async throws {
        do {
            try await Task.sleep(for: .seconds(600))
        } catch {
            cancelled = true
            for waiter in waiters { waiter.resume(returning: true) }
            waiters = []
            throw error
        }
    }

    /// Returns true once the sleeper was cancelled (waits for it).
    func wasCancelled() async -> Bool {
        if cancelled { return true }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
