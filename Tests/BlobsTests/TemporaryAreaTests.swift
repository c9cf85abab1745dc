import Foundation
import TestSupport
import Testing

@testable import Blobs

#if canImport(Glibc)
    import Glibc
#endif

/// `tmp/` holds one folder per writing process; only folders of processes proven dead are taken.
@Suite struct TemporaryAreaTests {
    let folder = TemporaryDirectory("tmp-area")
    var area: TemporaryArea { TemporaryArea(root: folder.path + "/tmp") }
    let me = ProcessIdentity.current

    /// A folder as another process would have made it: `name/owner` holding `identity`, and one temporary.
    func plant(_ identity: ProcessIdentity, name: String) throws -> String {
        let path = area.root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = folder.write(Array(identity.record.utf8), to: "tmp/\(name)/owner")
        return folder.write([1, 2, 3], to: "tmp/\(name)/blob-half-written.tmp")
    }

    /// A process that ran on this host and has exited: its pid is reaped and may be free, or reused.
    func exitedProcess() throws -> ProcessIdentity {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        let pid = child.processIdentifier
        let started = try #require(ProcessIdentity.readStat(pid: pid)?.started)
        kill(pid, SIGKILL)
        child.waitUntilExit()
        return ProcessIdentity(
            host: me.host, boot: me.boot, pidNamespace: me.pidNamespace, pid: pid, started: started, instance: "x")
    }

    @Test func thisProcessIsKnownAndAlive() throws {
        #expect(me.pid == getpid())
        #expect(me.started > 0 && !me.boot.isEmpty && !me.pidNamespace.isEmpty && !me.host.isEmpty)
        #expect(ProcessIdentity(record: me.record) == me)
        #expect(me.liveness(of: me) == .alive)
        #expect(ProcessIdentity(record: "{not json") == nil)
    }

    @Test func aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() throws {
        // `/proc/<pid>/stat` puts the command in parentheses, which the command itself may contain.
        let tricky = folder.file("a) b (c")
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: tricky)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: tricky)
        child.arguments = ["30"]
        try child.run()
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        let stat = try #require(ProcessIdentity.readStat(pid: child.processIdentifier))
        #expect(stat.started >= me.started)
        let live = ProcessIdentity(
            host: me.host, boot: me.boot, pidNamespace: me.pidNamespace, pid: child.processIdentifier,
            started: stat.started, instance: "y")
        #expect(me.liveness(of: live) == .alive)
    }

    @Test func deadOwnersAreProvenDeadAndOthersAreNot() throws {
        #expect(me.liveness(of: try exitedProcess()) == .dead)
        var reused = me
        reused.started += 1
        reused.instance = "reused"
        #expect(me.liveness(of: reused) == .dead, "our pid, another start time: a process that is gone")
        var elsewhere = me
        elsewhere.host = "another-host"
        elsewhere.pid = 999_999
        #expect(me.liveness(of: elsewhere) == .unknown)
        var otherBoot = try exitedProcess()
        otherBoot.boot = "another-boot"
        #expect(me.liveness(of: otherBoot) == .unknown)
        var otherNamespace = try exitedProcess()
        otherNamespace.pidNamespace = "pid:[1]"
        #expect(me.liveness(of: otherNamespace) == .unknown)
    }

    @Test func removesOnlyWhatDeadOwnersLeft() throws {
        let (ownFD, own) = try area.create(prefix: "blob-")
        close(ownFD)
        let dead = try plant(try exitedProcess(), name: "dead")
        var remote = me
        remote.host = "another-host"
        let foreign = try plant(remote, name: "remote")
        let liveChild = Process()
        liveChild.executableURL = URL(fileURLWithPath: "/bin/sleep")
        liveChild.arguments = ["30"]
        try liveChild.run()
        defer {
            kill(liveChild.processIdentifier, SIGKILL)
            liveChild.waitUntilExit()
        }
        let liveIdentity = ProcessIdentity(
            host: me.host, boot: me.boot, pidNamespace: me.pidNamespace, pid: liveChild.processIdentifier,
            started: try #require(ProcessIdentity.readStat(pid: liveChild.processIdentifier)).started,
            instance: "live")
        let live = try plant(liveIdentity, name: "live")
        let loose = folder.write([4], to: "tmp/from-an-older-version.tmp")

        #expect(try area.removeAbandoned() == 1)
        for kept in [own, foreign, live, loose] { #expect(FileManager.default.fileExists(atPath: kept), "\(kept)") }
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(!FileManager.default.fileExists(atPath: area.root + "/dead"), "the dead owner's folder goes too")
        #expect(try area.leftoverFiles() == [own, loose, live, foreign].sorted())
    }

    @Test func whatCannotBeProvenGoesOnlyOnceStaleForTheAgeLimit() throws {
        var remote = me
        remote.host = "another-host"
        let foreign = try plant(remote, name: "remote")
        let loose = folder.write([4], to: "tmp/from-an-older-version.tmp")
        #expect(try area.removeAbandoned(staleAge: 3600) == 0)
        let old = timeval(tv_sec: time(nil) - 7200, tv_usec: 0)
        for path in [foreign, loose, area.root + "/remote", area.root + "/remote/owner"] {
            #expect(utimes(path, [old, old]) == 0)
        }
        #expect(try area.removeAbandoned(staleAge: 3600) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: area.root).isEmpty)
    }

    @Test func ownFolderIsPrivateAndComesWithItsRecord() throws {
        let (fd, path) = try area.create(prefix: "upload-")
        close(fd)
        #expect(path.hasPrefix(area.ownFolder + "/upload-") && path.hasSuffix(".tmp"))
        let record = try String(contentsOfFile: area.ownFolder + "/owner", encoding: .utf8)
        #expect(ProcessIdentity(record: record) == me)
        #expect(try mode(area.ownFolder) == 0o700)
        #expect(try mode(path) == 0o600)
        #expect(try mode(area.ownFolder + "/owner") == 0o600)
        // No staging folder is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: area.root) == [me.folderName])
    }

    @Test func aFolderSweptAwayFromUnderAWriterIsMadeAgain() throws {
        let (first, _) = try area.create(prefix: "blob-")
        close(first)
        TemporaryArea.removeFolder(area.ownFolder)
        let (second, path) = try area.create(prefix: "blob-")
        close(second)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: area.ownFolder + "/owner"))
    }

    @Test(arguments: [("a/b/c", "a/b"), ("/a", "/"), ("a", "."), ("/a/b/", "/a"), ("/", "/")])
    func parentFolders(_ pair: (String, String)) {
        #expect(DurableDirectory.parent(of: pair.0) == pair.1)
    }

    @Test func missingParentsAreMadeWithTheRequestedMode() throws {
        let deep = folder.file("x/y/z")
        #expect(try DurableDirectory.make(deep, intermediates: true))
        #expect(try !DurableDirectory.make(deep))
        for path in [folder.file("x"), folder.file("x/y"), deep] { #expect(try mode(path) == 0o700) }
        #expect(throws: BlobStoreError.self) { try DurableDirectory.make(folder.file("p/q")) }
    }
}
