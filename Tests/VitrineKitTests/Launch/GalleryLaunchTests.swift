import Foundation
import Testing
import VitrineKit

@Suite struct GalleryLaunchTests {
    /// Loads an image as the pipeline would: the whole body, from the server, or throws.
    static func downloader(_ client: VitrineClient) -> @Sendable (URL) async throws -> Void {
        { url in _ = try await client.download(url.absoluteString).collect(upTo: 16 << 20) }
    }

    @Test func theGalleryStartsWithTheFirstPageAndItsThumbnails() async throws {
        try await LiveVitrine.with(photos: 5) { server async throws in
            let launch = GalleryLaunch(
                client: server.client, firstScreen: 4, thumbnailBudget: .seconds(120),
                loader: Self.downloader(server.client))
            guard case .ready(let page, let loaded, let missing) = await launch.run() else {
                Issue.record("the launch failed")
                return
            }
            #expect(page.items.map(\.id) == server.ids.reversed())
            #expect(page.total == 5)
            let expected = Set(page.items.prefix(4).map { server.client.resolve($0.thumb.url) })
            #expect(loaded == expected)
            #expect(missing.isEmpty)
            #expect(launch.thumbnailURLs(of: page) == expected)
        }
    }

    @Test func aSlowLoaderStartsTheGalleryWithWhatArrivedWithinTheBudget() async throws {
        try await LiveVitrine.with(photos: 4) { server async throws in
            let client = server.client
            let slow = try await Set(client.photos().items.prefix(2).map { client.resolve($0.thumb.url) })
            // Long enough for the two quick thumbnails on a loaded machine (800 ms was not, on CI); the
            // slow ones never arrive, so the launch waits the whole budget whatever it is.
            let budget = Duration.seconds(5)
            let launch = GalleryLaunch(client: client, thumbnailBudget: budget) { url in
                if slow.contains(url) { try await Task.sleep(for: .seconds(600)) }
                _ = try await client.download(url.absoluteString).collect(upTo: 16 << 20)
            }
            let started = ContinuousClock.now
            let outcome = await launch.run()
            let elapsed = ContinuousClock.now - started
            guard case .ready(let page, let loaded, let missing) = outcome else {
                Issue.record("the launch failed: \(outcome)")
                return
            }
            #expect(page.items.count == 4)
            #expect(missing == slow)
            #expect(loaded == launch.thumbnailURLs(of: page).subtracting(slow))
            #expect(elapsed >= budget)
            #expect(elapsed < budget + .seconds(30))
        }
    }

    @Test func aClosedPortIsOffline() async throws {
        let port = try await ScriptedListener.closedPort()
        let client = VitrineClient(baseURL: URL(string: "http://127.0.0.1:\(port)/")!)
        let outcome = await GalleryLaunch(client: client, loader: { _ in }).run()
        guard case .failed(.offline(let service)) = outcome else {
            Issue.record("expected offline: \(outcome)")
            return
        }
        #expect(["session", "firstPage"].contains(service))
    }

    @Test func aServerAnswering503IsAServerError() async throws {
        let body = #"{"error":{"code":"busy","message":"try later"}}"#
        try await ScriptedListener.with(
            .http(status: "503 Service Unavailable", contentType: "application/json", body: body)
        ) { port async throws in
            let client = VitrineClient(baseURL: URL(string: "http://127.0.0.1:\(port)/")!)
            let outcome = await GalleryLaunch(client: client, loader: { _ in }).run()
            guard case .failed(.serverError(let service, 503, "busy")) = outcome else {
                Issue.record("expected a server error: \(outcome)")
                return
            }
            #expect(["session", "firstPage"].contains(service))
        }
    }

    @Test func aFaultyTransportsServerErrorFailsTheLaunch() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let transport = FaultyTransport()
            transport.answerNext(1, status: 502)
            let launch = GalleryLaunch(client: server.client(transport: transport), loader: { _ in })
            let outcome = await launch.run()
            guard case .failed(.serverError(_, 502, nil)) = outcome else {
                Issue.record("expected a 502: \(outcome)")
                return
            }
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await ScriptedListener.with(.silent) { port async throws in
            let client = VitrineClient(baseURL: URL(string: "http://127.0.0.1:\(port)/")!, timeout: .seconds(600))
            let started = ContinuousClock.now
            let outcome = await GalleryLaunch(client: client, serviceTimeout: .milliseconds(500), loader: { _ in })
                .run()
            guard case .failed(.timeout) = outcome else {
                Issue.record("expected a time-out: \(outcome)")
                return
            }
            #expect(ContinuousClock.now - started >= .milliseconds(500))
        }
    }

    @Test func aPrivateGalleryWithoutTheTokenIsRefused() async throws {
        try await LiveVitrine.with(photos: 1, private: true) { server async throws in
            let outcome = await GalleryLaunch(client: server.anonymous, loader: { _ in }).run()
            guard case .failed(.serverError(_, 401, "unauthorized")) = outcome else {
                Issue.record("expected a 401: \(outcome)")
                return
            }
            let admitted = await GalleryLaunch(client: server.client, loader: Self.downloader(server.client)).run()
            guard case .ready(_, let loaded, let missing) = admitted else {
                Issue.record("the token opens it: \(admitted)")
                return
            }
            #expect(loaded.count == 1)
            #expect(missing.isEmpty)
        }
    }
}
