import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One mirror at a time per folder: an exclusive `flock` on `DIR/.vitrine-mirror.lock`, held for the
/// whole run. Two runs at once (a scheduled one and one by hand) would each save the state over the other
/// and remove the other's partial files; the second is refused instead. The kernel drops the lock when
/// the process ends, however it ends, so a killed mirror never leaves the folder locked. Releasing
/// unlocks explicitly before closing: a child forked meanwhile holds a copy of the descriptor until it
/// execs, and a close alone would leave the lock with that copy.
final class MirrorLock {
    static let fileName = ".vitrine-mirror.lock"

    private let fd: Int32

    /// Takes the folder's lock, or throws at once when another mirror holds it.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw MirrorError.io("cannot open \(path): \(MirrorFiles.errnoText())") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = MirrorFiles.errnoText()
            close(fd)
            throw busy
                ? MirrorError.busy("another vitrine mirror is running in \(directory.path)")
                : MirrorError.io("cannot lock \(path): \(reason)")
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
