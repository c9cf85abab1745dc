import Blobs
import Catalog
import CatalogSQLite
import Foundation
import Imaging
import TestSupport
import Testing
import VitrineApp

@testable import Ingest

#if canImport(Glibc)
    import Glibc
#endif

/// Leases that name their holder, dates no file can turn into a trap, and a data folder only its owner reads.
@Suite struct StorageHardeningTests {
    let fixture: IngestFixture
    init() async throws { fixture = try await IngestFixture() }

    /// A catalog on the fixture's file whose leases are held by `identity`, as another process's would be.
    func catalog(heldBy identity: ProcessIdentity) throws -> SQLiteCatalog {
        try SQLiteCatalog(
            path: fixture.data.file("catalog.sqlite"),
            leaseHolder: LeaseHolder(record: identity.record, isDead: { _ in false }))
    }

    @Test func aDeadImportersLeasesDoNotKeepItsOrphans() async throws {
        var killed = ProcessIdentity.current
        killed.started += 1
        killed.instance = "killed-import"
        var remote = ProcessIdentity.current
        remote.host = "another-host"
        remote.instance = "remote-import"
        let deadKey = try await fixture.store([1, 1, 1])
        let liveKey = try await fixture.store([2, 2, 2])
        let remoteKey = try await fixture.store([3, 3, 3])
        try await catalog(heldBy: killed).lease([deadKey], owner: "import-killed")
        try await fixture.library.catalog.lease([liveKey], owner: "import-live")
        try await catalog(heldBy: remote).lease([remoteKey], owner: "import-remote")

        let (collected, _) = try await fixture.library.collectOrphans()
        #expect(collected == [deadKey], "only the dead process's orphan goes, at once")
        #expect(try await fixture.library.blobs.contains(liveKey), "a live process's lease is respected")
        #expect(
            try await fixture.library.blobs.contains(remoteKey), "a holder that cannot be checked waits for expiry")
        #expect(try await fixture.library.catalog.leases().map(\.blobKey).sorted() == [liveKey, remoteKey].sorted())
        #expect(
            try await fixture.library.catalog.leases().first { $0.blobKey == liveKey }?.holder
                == ProcessIdentity.current.record)
    }

    // MARK: - Dates

    /// A folder on tmpfs, which keeps modification times that ext4 would clamp.
    func tmpfsFolder() throws -> String {
        let path = "/dev/shm/vitrine-mtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Sets `path`'s modification time to 1e17 s, as a tar archive can carry it.
    func setFarFutureModificationTime(_ path: String) throws {
        let far = timespec(tv_sec: 100_000_000_000_000_000, tv_nsec: 0)
        #expect(utimensat(AT_FDCWD, path, [far, far], 0) == 0)
        var info = stat()
        #expect(stat(path, &info) == 0)
        try #require(info.st_mtim.tv_sec == 100_000_000_000_000_000, "this file system clamps times; use tmpfs")
    }

    @Test func aFarFutureModificationTimeIsNoDateAndNoTrap() async throws {
        let folder = try tmpfsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Fixtures.write(folder + "/future.jpg", width: 320, height: 240, seed: 77)
        try setFarFutureModificationTime(path)
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let item = try await fixture.photo(fixture.importOne(path))
        #expect(item.photo.takenAtSource == "file")
        #expect((before - 1000...before + 600_000).contains(item.photo.takenAt), "the import time stands in")
        #expect(await fixture.importOne(path) == .duplicate(path: path, existingID: item.photo.id))
    }

    @Test func theCommandLineImportsAFarFutureFileAndReRunsCleanly() async throws {
        let binary = try #require(VitrineBinary.path)
        let folder = try tmpfsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Fixtures.write(folder + "/future.jpg", width: 320, height: 240, seed: 78)
        try setFarFutureModificationTime(path)
        let data = fixture.data.file("cli")
        for expected in ["imported: 1, duplicates: 0, failed: 0", "imported: 0, duplicates: 1, failed: 0"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["import", "--data", data, path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(output)")
            #expect(output.contains(expected), "\(output)")
        }
    }

    @Test func exifDatesOutOfRangeFallBackToTheFileDate() {
        let file: Int64 = 1_600_000_000_000
        var metadata = PhotoMetadata()
        let broken: [(ExifDateTime, Int?)] = [
            (ExifDateTime(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0), nil),
            (ExifDateTime(year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0), nil),
            (ExifDateTime(year: 2020, month: 13, day: 1, hour: 0, minute: 0, second: 0), nil),
            (ExifDateTime(year: Int.max, month: Int.max, day: Int.max, hour: Int.max, minute: 0, second: 0), nil),
            (ExifDateTime(year: 2020, month: 1, day: 1, hour: 0, minute: 0, second: Int.min), nil),
            (ExifDateTime(year: 2020, month: 1, day: 1, hour: 0, minute: 0, second: 0), Int.max),
            (ExifDateTime(year: 2020, month: 1, day: 1, hour: 0, minute: 0, second: 0), 100_000),
            (ExifDateTime(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0), 600),
        ]
        for (date, offset) in broken {
            metadata.dateTimeOriginal = date
            metadata.utcOffsetMinutes = offset
            let taken = TakenDate(metadata: metadata, fileModified: file, importedAt: 5)
            #expect(taken.source == "file" && taken.milliseconds == file && taken.offsetMinutes == nil, "\(date)")
        }
        metadata.dateTimeOriginal = ExifDateTime(year: 2015, month: 7, day: 21, hour: 16, minute: 17, second: 44)
        metadata.utcOffsetMinutes = 120
        let exif = TakenDate(metadata: metadata, fileModified: file, importedAt: 5)
        #expect(exif.source == "exif" && exif.milliseconds == 1_437_488_264_000 && exif.offsetMinutes == 120)
    }

    @Test func fileDatesOutOfRangeFallBackToTheImportTime() {
        for file: Int64? in [nil, Int64.max, Int64.min, 253_402_300_800_000, -62_135_596_800_001] {
            let taken = TakenDate(metadata: PhotoMetadata(), fileModified: file, importedAt: 42)
            #expect(taken.milliseconds == 42 && taken.source == "file", "\(String(describing: file))")
        }
        #expect(FileInfo.milliseconds(seconds: 100_000_000_000_000_000, nanoseconds: 0) == nil)
        #expect(FileInfo.milliseconds(seconds: Int64.min, nanoseconds: 0) == nil)
        #expect(FileInfo.milliseconds(seconds: 9_223_372_036_854_775, nanoseconds: 999_999_999) == nil)
        #expect(FileInfo.milliseconds(seconds: 1_437_488_264, nanoseconds: 500_000_000) == 1_437_488_264_500)
    }

    // MARK: - Permissions

    @Test func aNewLibraryIsPrivateWhateverTheUmask() async throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let data = fixture.data.file("private/nested")
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data))
        let path = try Fixtures.write(fixture.inputs.file("private.jpg"), width: 200, height: 150, seed: 79)
        let outcome = await library.importer().importFile(at: path)
        guard case .imported = outcome else {
            Issue.record("\(outcome)")
            return
        }
        for folder in [fixture.data.file("private"), data, data + "/blobs", data + "/tmp"] {
            #expect(try mode(folder) == 0o700, "\(folder)")
        }
        for file in ["catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"] {
            #expect(try mode(data + "/" + file) == 0o600, "\(file)")
        }
        let keys = try await library.blobs.keys(after: nil, limit: 100)
        #expect(!keys.isEmpty)
        for key in keys { #expect(try await library.blobs.withLocalFile(key) { try mode($0) } == 0o600) }
    }
}
