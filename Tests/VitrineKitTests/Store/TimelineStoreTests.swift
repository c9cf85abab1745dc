import Foundation
import GalleryEngine
import Testing
import VitrineAPI
import VitrineKit

/// `TimelineStore` against a real server: GalleryEngine's session decides what loads and when, the store
/// fetches it by month and offset, and the session's retry timers run on the store's clock.
@Suite struct TimelineStoreTests {
    /// 600 photos a day apart: 2020-01-01 to 2021-08-22, newest first August 2021 (22), July (31), June
    /// (30) and so on: 20 months of about a screen each.
    static let photos = 600
    static let hoursApart = 24
    /// Four 4:3 columns on a 400 px screen, with month headers.
    static let configuration = TimelineConfiguration(
        layout: .grid(width: 400, minimumTileWidth: 100, headerHeight: 36), yearHeaderHeight: 36)

    /// Each month's first library index.
    static func firsts(_ months: [TimelineMonth]) -> [Int] {
        var first = 0
        return months.map { m in
            defer { first += m.count }
            return first
        }
    }

    /// Every photo loaded is the server's photo at its library index.
    static func placedWhereTheServerListsThem(_ store: TimelineStore, _ server: StoreServer) async -> Int {
        let months = await store.months
        var checked = 0
        for (s, first) in firsts(months).enumerated() {
            for k in 0..<months[s].count {
                guard let photo = await store.photo(section: s, index: k) else { continue }
                #expect(photo.id == server.ids[first + k], "month \(s), photo \(k)")
                checked += 1
            }
        }
        return checked
    }

    @Test func theScreenLoadsFirstByMonthAndOffsetAndTheWindowAsItScrolls() async throws {
        try await StoreServer.with(photos: Self.photos, hoursApart: Self.hoursApart) { server in
            let faults = StoreFaults()
            let store = TimelineStore(client: server.client(faults), configuration: Self.configuration)
            try await store.open()
            let months = await store.months
            #expect(months.count == 20 && months.first?.count == 22 && months.map(\.count).reduce(0, +) == Self.photos)
            await store.viewport(width: 400, height: 600)
            await store.settled()
            let cold = await store.loadedCount
            let screen = Set(await store.frame.visible.map(\.section))
            #expect(await store.frame.holding)
            // The cold start loads the screen's months alone, from their first photo.
            let asked = faults.pageRequests.compactMap(\.url.query)
            #expect(!asked.isEmpty && asked.count == screen.count)
            for s in screen {
                let name = "month=\(months[s].year)-\(months[s].month < 10 ? "0" : "")\(months[s].month)"
                #expect(asked.contains { $0.contains(name) && $0.contains("offset=0") }, "\(name)")
            }
            #expect(cold > 0 && cold <= screen.map { months[$0].count }.reduce(0, +))

            // Released and scrolled on by two screens: the months it reaches load, not the library.
            await store.release()
            for k in 1...20 { await store.scroll(to: Double(k) * 60) }
            await store.settled()
            let window = await store.loadedCount
            #expect(window > cold && window < Self.photos / 2, "the window, not the library")
            #expect(await Self.placedWhereTheServerListsThem(store, server) == window)
            #expect(
                faults.pageRequests.allSatisfy {
                    let q = $0.url.query ?? ""
                    return q.contains("month=") && q.contains("offset=") && !q.contains("cursor=")
                })
        }
    }

    @Test func aJumpToAMonthLoadsThatMonthAndNothingOnTheWay() async throws {
        try await StoreServer.with(photos: Self.photos, hoursApart: Self.hoursApart) { server in
            let faults = StoreFaults()
            let store = TimelineStore(client: server.client(faults), configuration: Self.configuration)
            try await store.open()
            await store.viewport(width: 400, height: 600)
            await store.release()
            await store.settled()
            let before = faults.pageRequests.count
            // October 2020's header (section 10) at the top of the screen.
            let october = await store.headerFrame(section: 10).y
            await store.jump(to: october)
            await store.settled()
            let asked = faults.pageRequests.dropFirst(before).compactMap(\.url.query)
            #expect(asked.contains { $0.contains("month=2020-10") && $0.contains("offset=0") })
            // Nothing on the way: no month between the first screen's and the window around October.
            for month in ["2021-03", "2021-02", "2021-01", "2020-12"] {
                #expect(!asked.contains { $0.contains("month=\(month)") }, "\(month)")
            }
            let firsts = Self.firsts(await store.months)
            #expect(await store.photo(section: 10, index: 0)?.id == server.ids[firsts[10]])
            _ = await Self.placedWhereTheServerListsThem(store, server)
            let visible = await store.frame.visible
            #expect(visible.first?.section == 10)
        }
    }

    @Test func aFailedPageIsTriedAgainAtTheSessionsTimeAndAStandingFailureWaitsForRetryNow() async throws {
        try await StoreServer.with(photos: 40, hoursApart: 1) { server in
            let faults = StoreFaults()
            let retry = RetryPolicy(initialDelay: 50, maximumDelay: 100, retries: 2)
            let store = TimelineStore(client: server.client(faults), configuration: Self.configuration, retry: retry)
            try await store.open()
            faults.fail(next: 1, with: .status(503))
            await store.viewport(width: 400, height: 600)
            await store.settled()
            let failed = await store.frame
            #expect(failed.retryAt != nil && !failed.failureStands && failed.tickAt != nil)
            #expect(await store.loadedCount == 0)
            // The store wakes the session at the frame's tick; the retry loads the page.
            try await StoreWaiting.until("the retried page") { await store.loadedCount > 0 }
            #expect(faults.pageRequests.count == 2)
            #expect(await Self.placedWhereTheServerListsThem(store, server) == 40)

            // Every try fails: after the policy's retries the failure stands, and nothing more is asked
            // for until the person retries.
            let again = TimelineStore(client: server.client(faults), configuration: Self.configuration, retry: retry)
            try await again.open()
            let asked = faults.pageRequests.count
            faults.fail(next: 3, with: .error(.offline("injected")))
            await again.viewport(width: 400, height: 600)
            try await StoreWaiting.until("the failure to stand") { await again.frame.failureStands }
            #expect(faults.pageRequests.count - asked == 3, "the first try and two retries")
            #expect(await again.frame.tickAt == nil)
            await again.retryNow()
            await again.settled()
            let retried = await again.frame
            #expect(await again.loadedCount == 40 && !retried.failureStands)
        }
    }

    @Test func aNarrowerScreenLaysTheLibraryOutAgainAtItsWidth() async throws {
        try await StoreServer.with(photos: 40, hoursApart: 1) { server in
            let store = TimelineStore(client: server.client(), configuration: Self.configuration)
            try await store.open()
            let frames = await store.observe()
            await store.viewport(width: 400, height: 600)
            await store.settled()
            // Observers get every frame: the viewport's first, planning the screen's loads.
            var observed = frames.makeAsyncIterator()
            let first = await observed.next()
            #expect(first?.holding == true && first?.start.isEmpty == false)
            let wide = await store.contentHeight
            let third = try #require(await store.itemFrame(section: 0, index: 2))
            #expect(third.y == (await store.itemFrame(section: 0, index: 0))?.y, "four to a row")
            await store.viewport(width: 200, height: 600)
            await store.settled()
            #expect(await store.contentHeight > wide * 1.5, "two columns instead of four")
            let narrow = try #require(await store.itemFrame(section: 0, index: 2))
            #expect(narrow.y > third.y && narrow.x < third.x, "the third photo opens the second row")
            #expect(await store.frame.visible.first?.section == 0)
        }
    }
}
