import Foundation
import TestSupport
import Testing

@testable import VitrineMirror

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder lock against the ways a process shares descriptors.
@Suite struct MirrorLockTests {
    @Test func aSecondLockIsRefusedUntilTheFirstIsReleased() throws {
        let folder = TemporaryDirectory("mirror-lock")
        let directory = URL(fileURLWithPath: folder.path)
        var held: MirrorLock? = try MirrorLock(directory: directory)
        #expect(throws: MirrorError.self) { _ = try MirrorLock(directory: directory) }
        withExtendedLifetime(held) {}
        held = nil
        _ = try MirrorLock(directory: directory)
    }

    /// A process that forks while a mirror holds the lock (the test runner spawning a child, or an app
    /// embedding the mirror) gives the child a copy of the descriptor until it execs. Closing ours alone
    /// would leave the lock held by that copy; releasing it explicitly frees the folder at once.
    @Test func aCopyOfTheDescriptorDoesNotKeepTheFolderLocked() throws {
        let folder = TemporaryDirectory("mirror-lock")
        let directory = URL(fileURLWithPath: folder.path)
        var held: MirrorLock? = try MirrorLock(directory: directory)
        let lockPath = directory.appendingPathComponent(MirrorLock.fileName).resolvingSymlinksInPath().path
        let original = try #require(Self.descriptor(openOn: lockPath), "the lock's descriptor is open")
        let inherited = dup(original)
        try #require(inherited >= 0)
        defer { close(inherited) }
        withExtendedLifetime(held) {}
        held = nil
        _ = try MirrorLock(directory: directory)
    }

    /// The descriptor this process has open on `path`, found through `/proc/self/fd`.
    private static func descriptor(openOn path: String) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for entry in entries {
            guard let fd = Int32(entry),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")
            else { continue }
            if target == path { return fd }
        }
        return nil
    }
}
