import Blobs
import Catalog
import Foundation
import Imaging
import TestSupport
import Testing

@testable import Ingest

@Suite struct ImporterSafetyTests {
    let fixture: IngestFixture
    init() async throws { fixture = try await IngestFixture() }

    @Test func aPhotoImportedTwiceIsADuplicateAndStoredOnce() async throws {
        let path = try Fixtures.write(fixture.inputs.file("once.jpg"), width: 400, height: 300)
        let copy = fixture.inputs.file("copy-with-another-name.jpg")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let first = await fixture.importOne(path)
        guard case .imported(_, let id) = first else {
            Issue.record("\(first)")
            return
        }
        let blobs = try await fixture.blobCount()
        #expect(await fixture.importOne(copy) == .duplicate(path: copy, existingID: id))
        #expect(await fixture.importOne(path) == .duplicate(path: path, existingID: id))
        #expect(try await fixture.library.catalog.count() == 1)
        #expect(try await fixture.blobCount() == blobs)
    }

    @Test func twoCopiesInOneConcurrentBatchGiveOnePhoto() async throws {
        let path = try Fixtures.write(fixture.inputs.file("twin.jpg"), width: 800, height: 600)
        let copies = try (0..<4).map { index in
            let copy = fixture.inputs.file("twin-\(index).jpg")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            return copy
        }
        let summary = await fixture.importer(concurrency: 4).importFiles(copies + [path])
        #expect(summary.imported.count == 1)
        #expect(summary.duplicates.count == 4)
        #expect(try await fixture.library.catalog.count() == 1)
    }

    struct InjectedCrash: Error {}

    @Test func aFailureBetweenBlobWritesAndTheCatalogInsertLeavesNothingHalfDone() async throws {
        let path = try Fixtures.write(fixture.inputs.file("crash.jpg"), width: 1000, height: 700)
        let crashing = fixture.importer(beforeCatalogInsert: { _ in throw InjectedCrash() })
        guard case .failed = await crashing.importFile(at: path) else {
            Issue.record("the injected failure did not fail the import")
            return
        }
        // The catalog never lists a photo whose blobs might be missing: here, it lists nothing.
        #expect(try await fixture.library.catalog.count() == 0)
        #expect(fixture.temporaryCount == 0)
        let orphans = try await fixture.blobCount()
        #expect(
            orphans == VariantKind.madeAtImport.count,
            "durable blobs written before the insert stay for the re-run to reuse")

        // A restart, then a re-run, finishes the job and reuses the blobs.
        let reopened = try await fixture.reopen()
        let outcome = await reopened.importer().importFile(at: path)
        guard case .imported(_, let id) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(try await fixture.blobCount() == orphans)
        let item = try #require(try await reopened.catalog.photo(id: id))
        for variant in item.variants.values {
            #expect(try await reopened.blobs.contains(variant.blobKey))
        }
    }

    @Test func openingALibraryRemovesTemporariesFromAKilledProcessOnly() async throws {
        var killed = ProcessIdentity.current
        killed.started += 1
        killed.instance = "killed"
        try FileManager.default.createDirectory(
            atPath: fixture.data.file("tmp/killed"), withIntermediateDirectories: true)
        _ = fixture.data.write(Array(killed.record.utf8), to: "tmp/killed/owner")
        _ = fixture.data.write(Array(repeating: 1, count: 1000), to: "tmp/killed/killed-mid-write.tmp")
        let (fd, live) = try fixture.library.temporaries.create(prefix: "upload-")
        defer { close(fd) }
        _ = try await fixture.reopen()
        #expect(try fixture.library.temporaries.leftoverFiles() == [live])
    }

    @Test func killedMidImportLeavesNoHalfWrittenPhoto() async throws {
        // A real kill: a child process imports, and is SIGKILLed at random points; the catalog stays consistent.
        let path = try Fixtures.write(fixture.inputs.file("killed.jpg[Q=95]"), width: 4000, height: 3000)
        let binary = try #require(VitrineBinary.path)
        for delay in [0.05, 0.15, 0.3, 0.6] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["import", "--data", fixture.data.path, path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await Task.sleep(for: .seconds(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let library = try await fixture.reopen()
            #expect(fixture.temporaryCount == 0)
            let page = try await library.catalog.page(after: nil, limit: 10)
            for item in page.items {
                #expect(try await WholePhoto.problem(item, queue: library.catalog) == nil)
                for variant in item.variants.values {
                    #expect(try await library.blobs.contains(variant.blobKey))
                }
            }
        }
        // Whatever happened, a final run completes the import.
        let library = try await fixture.reopen()
        let outcome = await library.importer().importFile(at: path)
        switch outcome {
        case .imported, .duplicate: break
        case .failed(_, let reason): Issue.record("re-run failed: \(reason)")
        }
        #expect(try await library.catalog.count() == 1)
    }

    @Test func collectsFilesRecursivelySkippingHiddenOnes() async throws {
        let root = fixture.inputs.file("trip")
        try FileManager.default.createDirectory(atPath: root + "/day2/.thumbnails", withIntermediateDirectories: true)
        _ = fixture.inputs.write([1], to: "trip/b.jpg")
        _ = fixture.inputs.write([1], to: "trip/day2/a.jpg")
        _ = fixture.inputs.write([1], to: "trip/.DS_Store")
        _ = fixture.inputs.write([1], to: "trip/day2/.thumbnails/x.jpg")
        let (files, missing) = FileCollector.files(in: [root, fixture.inputs.file("nope")])
        #expect(files.map { String($0.dropFirst(root.count)) } == ["/b.jpg", "/day2/a.jpg"])
        #expect(missing == [fixture.inputs.file("nope")])
    }

    @Test func folderNamesBecomeTags() async throws {
        let root = fixture.inputs.file("Trips")
        try FileManager.default.createDirectory(atPath: root + "/Japan/Kyoto", withIntermediateDirectories: true)
        let deep = try Fixtures.write(root + "/Japan/Kyoto/a.jpg", width: 120, height: 80, seed: 3)
        let top = try Fixtures.write(root + "/b.jpg", width: 120, height: 80, seed: 4)
        let loose = try Fixtures.write(fixture.inputs.file("c.jpg"), width: 120, height: 80, seed: 5)
        let (items, _) = FileCollector.items(in: [root, loose])
        #expect(items.first { $0.path.hasSuffix("/a.jpg") }?.tags == ["Trips", "Japan", "Kyoto"])
        #expect(items.first { $0.path.hasSuffix("/b.jpg") }?.tags == ["Trips"])
        let parent = URL(fileURLWithPath: fixture.inputs.path).lastPathComponent
        #expect(items.first { $0.path.hasSuffix("/c.jpg") }?.tags == [parent])

        let summary = await fixture.importer().importItems(items)
        #expect(summary.imported.count == 3)
        let hash = try FileHasher.sha256(path: deep).key.hex
        let id = try #require(try await fixture.library.catalog.photo(contentHash: hash)).id
        #expect(try await fixture.library.catalog.tags(of: id) == ["Japan", "Kyoto", "Trips"])
        _ = top
    }

    @Test func progressIsReportedForEveryFile() async throws {
        let paths = try (0..<5).map {
            try Fixtures.write(fixture.inputs.file("p\($0).jpg"), width: 200, height: 150, seed: UInt32($0 + 10))
        }
        let counter = Counter()
        let summary = await fixture.importer().importFiles(paths) { progress in
            #expect(progress.total == 5)
            counter.add(progress.done)
        }
        #expect(summary.imported.count == 5)
        #expect(counter.values.sorted() == [1, 2, 3, 4, 5])
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func add(_ value: Int) { lock.withLock { stored.append(value) } }
    var values: [Int] { lock.withLock { stored } }
}
