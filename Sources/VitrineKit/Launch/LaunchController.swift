/// Starts an app's launch services in parallel, each against its own time-out, and answers with a
/// typed outcome: the report, or the first required service's failure, which the app's safety screen
/// shows (offline, server error, time-out).
///
/// A required failure cancels the services still running and answers at once; optional failures are
/// collected in the report and do not stop the launch.
public struct LaunchController: Sendable {
    public let services: [LaunchService]

    public init(services: [LaunchService]) {
        self.services = services
    }

    /// A cancelled launch fails with a required service's `.other` (cancelled).
    public func launch() async -> Result<LaunchReport, LaunchFailure> {
        await withTaskGroup(of: Finished.self) { group in
            for service in services {
                group.addTask { await Self.start(service) }
            }
            var report = LaunchReport()
            for await finished in group {
                report.durations[finished.service.name] = finished.duration
                switch finished.failure {
                case nil:
                    report.succeeded.insert(finished.service.name)
                case let failure? where finished.service.isRequired:
                    group.cancelAll()
                    return .failure(failure)
                case let failure?:
                    report.failedOptional[finished.service.name] = failure
                }
            }
            return .success(report)
        }
    }

    private struct Finished: Sendable {
        var service: LaunchService
        var failure: LaunchFailure?
        var duration: Duration
    }

    private static func start(_ service: LaunchService) async -> Finished {
        let clock = ContinuousClock()
        let started = clock.now
        let outcome = await Deadline.run(within: service.timeout, service.run)
        let failure: LaunchFailure?
        switch outcome {
        case .finished: failure = nil
        case .expired: failure = .timeout(service: service.name)
        case .failed(let error): failure = LaunchFailure(service: service.name, error: error)
        }
        return Finished(service: service, failure: failure, duration: clock.now - started)
    }
}
