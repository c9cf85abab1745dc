import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Jobs
import Logging
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineApp
@testable import VitrineServer

/// The application `buildApplication` wires: the library opened from a storage configuration, and the demo
/// import running as a service of the application beside the server, and the trash's purge and the
/// small-thumb backfill queued for the workers.
@Suite struct AppServicesTests {
    /// Folders in Debian's wallpaper layout, `root/<theme>/contents/images/<W>x<H>.jpg`.
    func demoFolder(_ root: TemporaryDirectory, themes: [String]) throws {
        for (index, theme) in themes.enumerated() {
            let folder = root.file("\(theme)/contents/images")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = try Fixtures.write(folder + "/320x200.jpg", width: 320, height: 200, seed: UInt32(index + 40))
        }
    }

    @Test func theDemoImportRunsAsAServiceBesideTheServer() async throws {
        let data = TemporaryDirectory("app-data")
        let demo = TemporaryDirectory("app-demo")
        try demoFolder(demo, themes: ["Alpha", "Beta", "Gamma"])
        let app = try await buildApplication(
            AppConfiguration(
                storage: StorageConfiguration(dataDirectory: data.path), server: ServerConfiguration(port: 0),
                importsDemo: true, demoRoot: demo.path, logger: Logger(label: "test")))
        try await app.test(.live) { client in
            // The import runs in the background: poll until it has catalogued every demo photo.
            var page = PhotoPage(items: [], nextCursor: nil, total: 0)
            _ = try await eventually(seconds: 120) {
                page = try await client.execute(uri: "/api/v1/photos", method: .get) { try $0.decode(PhotoPage.self) }
                return page.total >= 3
            }
            #expect(page.total == 3)
            let tags = try await client.execute(uri: "/api/v1/tags", method: .get) { try $0.decode(TagList.self) }
            #expect(Set(tags.tags.map(\.name)) == ["Alpha", "Beta", "Gamma"], "each photo tagged with its theme")
            let asset = try #require(page.items.first?.original.url)
            try await client.execute(uri: asset, method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func aLibraryThatIsNotEmptyGetsNoDemoPhotos() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let demo = TemporaryDirectory("app-demo")
        try demoFolder(demo, themes: ["Alpha"])
        let app = try buildApplication(
            AppConfiguration(
                storage: StorageConfiguration(dataDirectory: fixture.data.path), server: ServerConfiguration(port: 0),
                importsDemo: true, demoRoot: demo.path, logger: Logger(label: "test")),
            library: fixture.library)
        try await app.test(.live) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
        // The service has returned or been cancelled by the shutdown; either way it imported nothing.
        #expect(try await fixture.library.catalog.count() == 1)
    }

    /// How many jobs of `kind` wait in the queue.
    static func waiting(_ queue: any JobQueue, _ kind: JobKind) async throws -> Int {
        try await queue.jobSummary().counts.filter { $0.kindName == kind.rawValue && $0.state == .waiting }
            .reduce(0) { $0 + $1.count }
    }

    @Test func anAPIOnlyServerQueuesThePurgeAndTheBackfillForTheWorkers() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let catalog = fixture.library.catalog
        let app = try buildApplication(
            AppConfiguration(
                storage: StorageConfiguration(dataDirectory: fixture.data.path), server: ServerConfiguration(port: 0),
                logger: Logger(label: "test")),
            library: fixture.library)
        try await app.test(.live) { client in
            _ = try await eventually(seconds: 60) {
                let purges = try await Self.waiting(catalog, .purgeTrash)
                let backfills = try await Self.waiting(catalog, .backfill)
                return purges == 1 && backfills == 1
            }
        }
        #expect(try await Self.waiting(catalog, .purgeTrash) == 1)
        #expect(try await Self.waiting(catalog, .backfill) == 1)

        // A second server of the cluster queues nothing more: each job is deduplicated.
        let logger = Logger(label: "test")
        await SmallThumbBackfillService(queue: catalog, logger: logger).work()
        let purges = Task { try await TrashPurgeService(queue: catalog, days: 30, logger: logger).run() }
        try await Task.sleep(for: .milliseconds(200))
        purges.cancel()
        _ = try? await purges.value
        #expect(try await Self.waiting(catalog, .purgeTrash) == 1)
        #expect(try await Self.waiting(catalog, .backfill) == 1)

        // A worker runs both: the purge with the server's days.
        var configuration = WorkerConfiguration.standard(name: "test", cores: 2)
        configuration.poll = .milliseconds(50)
        await fixture.library.worker(configuration).runUntilIdle()
        #expect(try await catalog.jobSummary().counts.isEmpty)
    }
}
