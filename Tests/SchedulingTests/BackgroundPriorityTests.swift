import Foundation
import Testing

@testable import Scheduling

#if canImport(Glibc)
    import Glibc
#endif

/// Background executors run their work on threads of their own at a lower CPU priority, keep their width
/// and their queue's bound, and let their threads go when they are released.
@Suite struct BackgroundPriorityTests {
    static func niceness() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }

    /// Threads of this process whose name starts with `prefix` (Linux keeps 15 bytes of it).
    static func threads(named prefix: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return comm.hasPrefix(prefix)
        }.count
    }

    @Test func backgroundWorkRunsLowerThanTheCallerAndOrdinaryWorkDoesNot() async throws {
        let mine = Self.niceness()
        let background = BoundedExecutor(
            label: "bg-nice", width: 2, queueLimit: 8, refusal: "busy", niceness: BoundedExecutor.backgroundNiceness)
        let ordinary = BoundedExecutor(label: "plain", width: 2, queueLimit: 8, refusal: "busy")
        let lowered = try await background.run { Self.niceness() }
        #expect(lowered == min(19, mine + BoundedExecutor.backgroundNiceness))
        #expect(try await ordinary.run { Self.niceness() } == mine, "GCD's threads are left as they were")
        #expect(Self.niceness() == mine, "the caller's thread is left as it was")
    }

    @Test func aBackgroundExecutorKeepsItsWidthAndItsQueueBound() async throws {
        let executor = BoundedExecutor(label: "bg-width", width: 2, queueLimit: 3, refusal: "busy", niceness: 5)
        let gate = DispatchSemaphore(value: 0)
        let results = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<6 {
                group.addTask {
                    do {
                        return try await executor.run { () -> Int in
                            gate.wait()
                            return index
                        }
                    } catch is BusyError {
                        return nil
                    }
                }
            }
            // Two running and three waiting; the sixth is refused at once.
            while executor.running + executor.waiting < 5 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(executor.running == 2 && executor.waiting == 3)
            for _ in 0..<5 { gate.signal() }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.compactMap { $0 }.count == 5 && results.filter { $0 == nil }.count == 1)
        #expect(executor.peakRunning == 2)
    }

    @Test func itsThreadsEndWhenItIsReleased() async throws {
        var executor: BoundedExecutor? = BoundedExecutor(
            label: "bg-release", width: 3, queueLimit: 3, refusal: "busy", niceness: 5)
        _ = try await executor?.run { 1 }
        // Each thread names itself when it first runs, which may come after the job above has finished.
        let deadline = ContinuousClock.now + .seconds(10)
        while Self.threads(named: "bg-release") < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Self.threads(named: "bg-release") == 3)
        executor = nil
        while Self.threads(named: "bg-release") > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Self.threads(named: "bg-release") == 0)
    }
}
