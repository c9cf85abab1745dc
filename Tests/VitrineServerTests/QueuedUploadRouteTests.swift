import Catalog
import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Jobs
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI
import VitrineApp

@testable import VitrineServer

/// `serve --upload-renders queued`: an upload answers once its original is stored, with the photo
/// `processing`, and the pages say so until a worker has rendered it.
@Suite struct QueuedUploadRouteTests {
    func app(_ fixture: ServerFixture) throws -> some ApplicationProtocol {
        var limits = Limits()
        limits.queuesUploadRenders = true
        return Application(
            router: try VitrineServer.makeRouter(
                library: fixture.library, webRoot: nil, limits: limits, routes: [CompatRoutes(CompatConfiguration())]))
    }

    @Test func anUploadAnswersProcessingAndIsReadyOnceAWorkerRendersIt() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let path = try Fixtures.write(fixture.inputs.file("queued.jpg"), width: 640, height: 480, seed: 77)
        try await app(fixture).test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/photos?filename=queued.jpg&tag=later", method: .post, headers: auth,
                body: ByteBuffer(bytes: Fixtures.bytes(of: path))
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created)
                return try response.decode(UploadResult.self).photo
            }
            #expect(created.status == "processing" && created.width == 640 && created.tags == ["later"])
            #expect(created.thumb.url.isEmpty && created.preview.url.isEmpty && created.placeholder.thumbHash.isEmpty)
            try await client.execute(uri: created.original.url, method: .get) { (r: TestResponse) async throws in
                #expect(r.bytes == Fixtures.bytes(of: path), "the original is served at once")
            }
            let listed = try await client.execute(uri: "/api/v1/photos?limit=10", method: .get) {
                (response: TestResponse) async throws in try response.decode(PhotoPage.self)
            }
            let item = try #require(listed.items.first { $0.id == created.id })
            #expect(item.status == "processing" && item.thumb.url.isEmpty)
            #expect(listed.items.filter { $0.id != created.id }.allSatisfy { $0.status == nil })

            let jobs = try await fixture.library.catalog.jobSummary()
            #expect(
                jobs.oldestWaiting?.payload == created.id && jobs.oldestWaiting?.priority == JobPriority.interactive)
            var configuration = WorkerConfiguration.standard(name: "test", cores: 2)
            configuration.poll = .milliseconds(50)
            await fixture.library.worker(configuration).runUntilIdle()

            let ready = try await client.execute(uri: "/api/v1/photos/\(created.id)", method: .get) {
                (response: TestResponse) async throws in try response.decode(PhotoDetail.self)
            }
            #expect(ready.status == nil && !ready.placeholder.thumbHash.isEmpty)
            try await client.execute(uri: ready.thumb.url, method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .ok && !r.bytes.isEmpty)
            }
        }
        try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 2)
    }
}
