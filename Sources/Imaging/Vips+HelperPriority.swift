import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Vips {
    /// Gives libvips' helper threads the calling thread's CPU priority when the caller's is lower (a
    /// higher nice value). libvips keeps one set of helper threads for every operation, each with the nice
    /// value of whichever thread happened to create it, so a background render would otherwise run partly
    /// at a request's priority and take its core. A thread can only lower priorities, never raise them back,
    /// so a caller at the normal priority changes nothing; renders in requests then share the lowered
    /// helpers, which only matters while background renders keep the cores busy.
    ///
    /// Costs a walk of `/proc/self/task` (tens of microseconds), once per render.
    public static func matchHelperPriority() {
        #if os(Linux)
            let mine = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            guard mine > 0,
                let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
            else { return }
            for task in tasks {
                guard let tid = id_t(task),
                    let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
                    comm.hasPrefix(helperThreadName)
                else { continue }
                errno = 0
                let theirs = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid)
                if errno == 0, theirs < mine {
                    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, mine)
                }
            }
        #endif
    }

    /// The name libvips gives its helper threads (`/proc/<pid>/task/<tid>/comm`).
    static let helperThreadName = "libvips"
}
