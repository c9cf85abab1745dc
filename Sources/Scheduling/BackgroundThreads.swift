import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Threads of an executor's own, each at a lower CPU priority (a higher nice value) for as long as it lives:
/// background work (the worker's renders and transcodes) then yields a core to the requests beside it
/// within a scheduler tick instead of sharing it for a whole time slice. What they start inherits it: the
/// threads libvips spawns for an operation and the ffmpeg processes a transcode runs.
///
/// GCD's threads cannot be used for this: a nice value, once raised, cannot be lowered again without
/// privilege, so a borrowed thread would stay slow for whatever it ran next.
final class BackgroundThreads: Sendable {
    private let shared: Shared

    private final class Shared: Sendable {
        let jobs = Mutex(State())
        let ready = DispatchSemaphore(value: 0)

        struct State {
            var queue = FIFO<@Sendable () -> Void>()
        }
    }

    init(label: String, count: Int, niceness: Int32) {
        let shared = Shared()
        self.shared = shared
        for index in 0..<max(1, count) {
            let name = "\(label)-\(index)"
            let thread = Thread {
                Self.nameThread(name)
                Self.lowerPriority(by: niceness)
                while true {
                    shared.ready.wait()
                    let next = shared.jobs.withLock { state -> (@Sendable () -> Void)? in
                        state.queue.popFirst()
                    }
                    guard let next else { return }  // a wake-up without a job: `deinit` ends the thread
                    next()
                }
            }
            thread.start()
        }
        self.count = max(1, count)
    }

    private let count: Int

    /// Runs `job` on the first free thread.
    func submit(_ job: @escaping @Sendable () -> Void) {
        shared.jobs.withLock { $0.queue.append(job) }
        shared.ready.signal()
    }

    /// Ends the threads once the jobs already submitted have run.
    deinit {
        for _ in 0..<count { shared.ready.signal() }
    }

    /// Names the calling thread for `top -H` and `perf` (Linux keeps 15 bytes), by writing its `comm`
    /// straight away: Foundation's `Thread.name` reaches the kernel only once `start()` has recorded the
    /// thread's handle, which a thread that runs at once can beat.
    static func nameThread(_ name: String) {
        let short = String(name.utf8.prefix(15)) ?? "vitrine"
        #if os(Linux)
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            defer { close(fd) }
            _ = short.withCString { write(fd, $0, strlen($0)) }
        #else
            Thread.current.name = short
        #endif
    }

    /// Raises the calling thread's nice value (Linux schedules threads one by one); a failure leaves it as it
    /// was, which only costs the requests some latency.
    static func lowerPriority(by niceness: Int32) {
        #if canImport(Glibc)
            guard niceness > 0 else { return }
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceness))
        #endif
    }
}
