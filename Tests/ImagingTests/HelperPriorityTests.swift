import Foundation
import Imaging
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A render on a lowered thread lowers libvips' helper threads with it, including helpers an earlier
/// render at the normal priority created: a background render never runs partly at a request's priority.
@Suite struct HelperPriorityTests {
    static func niceness(of tid: Int32 = 0) -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(tid))
    }

    /// The nice value of every libvips helper thread of this process.
    static func helperNiceness() -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            guard comm.hasPrefix("libvips"), let tid = Int32(task) else { return nil }
            return niceness(of: tid)
        }
    }

    @Test func aRenderOnALoweredThreadLowersTheHelpersItUses() async throws {
        let folder = TemporaryDirectory("helper-priority")
        let path = try TestSupport.Fixtures.write(folder.file("photo.jpg"), width: 2400, height: 1600)
        _ = try PhotoRenderer.render(path: path)
        let base = Self.niceness()
        try #require(!Self.helperNiceness().isEmpty, "libvips made helper threads")

        let lowered = base + 5
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, lowered)
            _ = try? PhotoRenderer.render(path: path)
            _ = try? SizedRenderer.render(path: path, edge: 600)
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(Self.helperNiceness().allSatisfy { $0 >= lowered }, "\(Self.helperNiceness())")
        #expect(Self.niceness() == base, "the calling thread keeps its own")
    }
}
