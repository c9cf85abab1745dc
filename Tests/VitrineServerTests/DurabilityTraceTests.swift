import Access
import Blobs
import Catalog
import CatalogSQLite
import Foundation
import Ingest
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

/// What survives a power cut cannot be seen after a process kill, so these tests read the order of the
/// real binary's system calls (strace) instead: a deletion's commit reaches the disk before its blobs are
/// unlinked, and every new folder is synced into its parent. And what the binary creates is private.
@Suite struct DurabilityTraceTests {
    static let strace = "/usr/bin/strace"

    /// `strace -f` output (`-y`: descriptors shown with their paths), as calls with the line each started
    /// and the line it returned on (a call another thread interrupted spans two lines).
    struct Trace {
        struct Call {
            var name: String
            var arguments: String
            var result: String
            var start: Int
            var end: Int

            /// The path of the descriptor in the first argument, from `-y`'s `7</path>`.
            var descriptorPath: String? {
                guard let open = arguments.firstIndex(of: "<"), let close = arguments.firstIndex(of: ">"),
                    open < close
                else { return nil }
                return String(arguments[arguments.index(after: open)..<close])
            }

            /// The quoted strings among the arguments (paths of mkdir, unlink, rename).
            var quoted: [String] {
                arguments.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
        }

        var calls: [Call] = []

        init(file: String) throws {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
            var pending: [String: (text: String, start: Int)] = [:]
            for (index, line) in lines.enumerated() {
                guard let space = line.firstIndex(of: " ") else { continue }
                let pid = String(line[..<space])
                var text = line[line.index(after: space)...].trimmingCharacters(in: .whitespaces)
                var start = index
                if text.hasPrefix("<... "), let resumed = text.range(of: " resumed>") {
                    guard let earlier = pending.removeValue(forKey: pid) else { continue }
                    // strace pads a resumed call's result (`)      = 0`) into a column.
                    text = (earlier.text + text[resumed.upperBound...]).replacingOccurrences(
                        of: #"\)\s+= "#, with: ") = ", options: .regularExpression)
                    start = earlier.start
                } else if let cut = text.range(of: " <unfinished ...>") {
                    pending[pid] = (String(text[..<cut.lowerBound]), index)
                    continue
                }
                guard let open = text.firstIndex(of: "("), let equals = text.range(of: ") = ", options: .backwards)
                else { continue }
                calls.append(
                    Call(
                        name: String(text[..<open]),
                        arguments: String(text[text.index(after: open)..<equals.lowerBound]),
                        result: String(text[equals.upperBound...]), start: start, end: index))
            }
        }

        func syncs(of path: String) -> [Call] {
            calls.filter { ($0.name == "fsync" || $0.name == "fdatasync") && $0.descriptorPath == path }
        }
    }

    static func launcher(_ trace: String, _ syscalls: String) throws -> [String] {
        try #require(FileManager.default.isExecutableFile(atPath: strace), "install strace (scripts/install-deps.sh)")
        return [strace, "-f", "--seccomp-bpf", "-y", "-qq", "-o", trace, "-e", "trace=" + syscalls]
    }

    @Test func aDeletionIsDurableBeforeItsBlobsAreUnlinked() async throws {
        let data = TemporaryDirectory("durable-delete")
        let inputs = TemporaryDirectory("durable-delete-inputs")
        let photo = try Fixtures.write(inputs.file("doomed.jpg"), width: 640, height: 480, seed: 41)
        #expect(try VitrineProcess.run(["import", "--data", data.path, photo]).status == 0)
        let id = try #require(
            try await SQLiteCatalog(path: data.file("catalog.sqlite")).page(after: nil, limit: 1).items.first
        )
        .photo.id
        let traceFile = data.file("server.trace")
        let server = try LiveVitrineServer(
            data: data.path, log: data.file("server.log"),
            launcher: Self.launcher(traceFile, "write,pwrite64,pwritev,fsync,fdatasync,unlink,unlinkat"))
        let token = try AdminToken(directory: data.path).loadOrCreate().token
        let response = try HTTPExchange.send(
            port: server.port, method: "DELETE", path: "/api/v1/photos/\(id)",
            headers: ["Authorization": "Bearer \(token)"])
        #expect(response.status == 204)
        let emptied = try HTTPExchange.send(
            port: server.port, method: "DELETE", path: "/api/v1/trash", headers: ["Authorization": "Bearer \(token)"])
        #expect(emptied.status == 204)
        server.kill()

        let trace = try Trace(file: traceFile)
        let wal = data.file("catalog.sqlite-wal")
        let unlink = try #require(
            trace.calls.first { $0.name.hasPrefix("unlink") && $0.quoted.contains { $0.contains("/blobs/") } },
            "the deletion unlinked no blob")
        let commit = try #require(
            trace.calls.last {
                $0.name.hasPrefix("write") || $0.name.hasPrefix("pwrite")
                    ? $0.descriptorPath == wal && $0.end < unlink.start : false
            }, "no commit was written to the WAL before the unlink")
        let synced = trace.syncs(of: wal).contains { $0.start > commit.end && $0.end < unlink.start }
        #expect(synced, "the WAL holding the deletion was not synced before \(unlink.quoted.first ?? "")")
    }

    @Test func newFoldersAreSyncedIntoTheirParentsAndBlobsBeforeTheirRename() throws {
        let scratch = TemporaryDirectory("durable-import")
        let inputs = TemporaryDirectory("durable-import-inputs")
        let photo = try Fixtures.write(inputs.file("new.jpg"), width: 640, height: 480, seed: 42)
        let data = scratch.file("new/library")
        let traceFile = scratch.file("import.trace")
        let run = try VitrineProcess.run(
            ["import", "--data", data, photo],
            launcher: Self.launcher(traceFile, "mkdir,mkdirat,fsync,fdatasync,rename,renameat,renameat2"))
        #expect(run.status == 0, "\(run.output)")
        let trace = try Trace(file: traceFile)

        let made = trace.calls.filter {
            $0.name.hasPrefix("mkdir") && $0.result.hasPrefix("0") && ($0.quoted.first ?? "").hasPrefix(scratch.path)
        }
        #expect(made.count >= 6, "data folder, its parent, blobs, tmp, a tmp folder and shards: \(made.count)")
        for call in made {
            let path = try #require(call.quoted.first)
            let parent = DurableDirectory.parent(of: path)
            #expect(trace.syncs(of: parent).contains { $0.start > call.end }, "\(path) was not synced into \(parent)")
        }
        let published = trace.calls.filter { $0.name.hasPrefix("rename") && ($0.quoted.last ?? "").contains("/blobs/") }
        #expect(published.count == VariantKind.madeAtImport.count)
        for call in published {
            let source = try #require(call.quoted.first)
            #expect(trace.syncs(of: source).contains { $0.end < call.start }, "\(source) was renamed unsynced")
            let shard = DurableDirectory.parent(of: try #require(call.quoted.last))
            #expect(trace.syncs(of: shard).contains { $0.start > call.end }, "\(shard) was not synced after the rename")
        }
    }

    @Test func theCommandLineMakesEverythingPrivate() throws {
        let scratch = TemporaryDirectory("private-cli")
        let photo = try Fixtures.write(scratch.file("p.jpg"), width: 320, height: 240, seed: 43)
        let data = scratch.file("new/library")
        #expect(try VitrineProcess.run(["import", "--data", data, photo]).status == 0)
        #expect(try VitrineProcess.run(["key", "create", "--data", data]).status == 0)
        var checked = 0
        let enumerator = try #require(FileManager.default.enumerator(atPath: scratch.file("new")))
        while let relative = enumerator.nextObject() as? String {
            let path = scratch.file("new/" + relative)
            var info = stat()
            try #require(lstat(path, &info) == 0)
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            #expect(info.st_mode & 0o777 == (isFolder ? 0o700 : 0o600), "\(relative)")
            checked += 1
        }
        #expect(checked >= 10, "catalog, its WAL, blobs and their folders: \(checked)")
    }
}
