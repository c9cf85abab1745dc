import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The job queue through the router: the admin sees counts, the oldest waiting job and the parked failures
/// with their errors, and retries them; nobody else reaches either route, and a bad body is a 400.
@Suite struct JobsRouteTests {
    @Test func theAdminSeesTheQueueAndRetriesItsFailures() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let catalog = fixture.library.catalog
        try await catalog.enqueue(
            [JobRequest(.renderVariants, payload: "a", maxAttempts: 1), JobRequest(.collectBlobs)], now: 1_000)
        let job = try #require(
            try await catalog.claimJob(kinds: [.renderVariants], worker: "w", leaseMilliseconds: 1000, now: 1_000))
        try await catalog.failJob(job, error: "cannot decode", backoff: .standard, now: 1_001)
        try await fixture.makeApp().test(.router) { client in
            let status = try await client.execute(uri: "/api/v1/jobs", method: .get, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok && r.headers[.cacheControl] == "no-store")
                return try r.decode(JobQueueStatus.self)
            }
            #expect(
                status.counts == [
                    JobCountItem(kind: "collect-blobs", state: "waiting", count: 1),
                    JobCountItem(kind: "render-variants", state: "failed", count: 1),
                ])
            #expect(status.oldestWaiting?.kind == "collect-blobs")
            #expect(status.oldestWaiting?.enqueuedAt == "1970-01-01T00:00:01Z")
            let failure = try #require(status.failures.first)
            #expect(failure.id == job.id && failure.lastError == "cannot decode" && failure.attempts == 1)

            let retry = ByteBuffer(string: #"{"ids":[\#(job.id)]}"#)
            try await client.execute(uri: "/api/v1/jobs/retry", method: .post, headers: auth, body: retry) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok)
                #expect(try r.decode(JobRetryResult.self) == JobRetryResult(retried: 1))
            }
            try await client.execute(
                uri: "/api/v1/jobs/retry", method: .post, headers: auth, body: ByteBuffer(string: "{}")
            ) {
                (r: TestResponse) async throws in
                #expect(try r.decode(JobRetryResult.self) == JobRetryResult(retried: 0), "nothing failed any more")
            }
        }
        #expect(try await catalog.jobSummary().count(.waiting) == 2)
    }

    @Test func othersAreRefusedAndBadBodiesAre400() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: "/api/v1/jobs", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .unauthorized)
            }
            try await client.execute(uri: "/api/v1/jobs/retry", method: .post, body: ByteBuffer(string: "{}")) {
                (r: TestResponse) async throws in #expect(r.status == .unauthorized)
            }
            for body in [
                "", "[]", #"{"ids":"all"}"#, #"{"ids":[]}"#, #"{"ids":[0]}"#, #"{"ids":[1.5]}"#,
                #"{"ids":[99999999999999999999]}"#,
            ] {
                try await client.execute(
                    uri: "/api/v1/jobs/retry", method: .post, headers: auth, body: ByteBuffer(string: body)
                ) { (r: TestResponse) async throws in
                    #expect(r.status == .badRequest, "\(body)")
                }
            }
        }
    }
}
