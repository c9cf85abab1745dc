import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a mirror survives a power cut without making its transfers wait for the disk.
///
/// On Linux a finished file is renamed as soon as it is verified and left to the kernel's write-back, as
/// curl, rsync or `aws s3 sync` leave theirs. The state file names the boot that wrote it and the photos
/// written since the folder was last flushed (`MirrorState.unflushed`; `MirrorFlusher` flushes in the
/// background during a long sync, so that list stays short). A later run in the same boot
/// finds those files in the page cache at worst, so one `syncfs` puts them on disk; a run after a
/// reboot cannot know whether that flush happened, so it checks those photos' bytes against their content
/// addresses again and fetches their details again (`MirrorState.settle`). A photo the state does not
/// name unflushed was on disk before the state said so.
///
/// Where the system names no boot, each file is flushed before its rename and every state save flushes
/// the folder first.
enum MirrorDurability {
    /// The running kernel's boot: Linux's `boot_id`, or nil where there is none.
    static let currentBoot: String? = {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else {
                return nil
            }
            let boot = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return boot.isEmpty ? nil : boot
        #else
            return nil
        #endif
    }()

    /// Readies a finished file for its rename: nothing when the boot is known, a flush otherwise.
    static func finish(_ fd: Int32, path: String) throws {
        guard currentBoot == nil else { return }
        guard fsync(fd) == 0 else { throw MirrorError.io("fsync \(path): \(MirrorFiles.errnoText())") }
    }

    /// Returns once every file written in `directory` before the call, and every rename, is on disk:
    /// one `syncfs` (a single journal commit) on Linux, the folder's own flush elsewhere, where each
    /// file was flushed as it finished.
    static func flush(_ directory: URL) throws {
        let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MirrorError.io("cannot open \(directory.path): \(MirrorFiles.errnoText())") }
        defer { close(fd) }
        #if os(Linux)
            guard linuxSyncfs(fd) == 0 else {
                throw MirrorError.io("syncfs \(directory.path): \(MirrorFiles.errnoText())")
            }
        #else
            guard fsync(fd) == 0 else { throw MirrorError.io("fsync \(directory.path): \(MirrorFiles.errnoText())") }
        #endif
    }
}

#if os(Linux)
    /// glibc's `syncfs(2)`, which its Swift module map leaves out (it is declared under `_GNU_SOURCE`).
    @_silgen_name("syncfs")
    private func linuxSyncfs(_ fd: Int32) -> Int32
#endif
