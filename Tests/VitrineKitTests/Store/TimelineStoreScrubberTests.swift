import Foundation
import GalleryEngine
import Testing
import VitrineAPI
import VitrineKit

/// `TimelineStore`'s scrubber against a real server: the years on its track, and a drag that loads
/// nothing until it ends, then the month it stopped on.
@Suite struct TimelineStoreScrubberTests {
    @Test func aDragLoadsNothingUntilItEndsThenTheMonthItStoppedOn() async throws {
        try await StoreServer.with(photos: TimelineStoreTests.photos, hoursApart: TimelineStoreTests.hoursApart) {
            server in
            let faults = StoreFaults()
            let store = TimelineStore(client: server.client(faults), configuration: TimelineStoreTests.configuration)
            try await store.open()
            await store.viewport(width: 400, height: 600)
            await store.release()
            await store.settled()

            // 2021 and 2020 on the track, each at its first month's place.
            let scrubber = await store.scrubber
            #expect(scrubber.track.shows)
            #expect(scrubber.labels.map(\.year) == [2021, 2020])
            #expect(scrubber.labels.map(\.section) == [0, 8])
            let december = await store.headerFrame(section: 8).y
            #expect(scrubber.labels[1].y == scrubber.track.labelY(contentY: december))

            // Dragged down the track: the view follows, nothing loads.
            let before = faults.pageRequests.count
            await store.scrubbing(true)
            var offset = 0.0
            for step in 1...10 {
                offset = await store.scrub(toY: scrubber.track.top + scrubber.track.height * Double(step) / 20)
            }
            await store.settled()
            #expect(faults.pageRequests.count == before, "nothing loads while the scrubber moves")
            #expect(abs(scrubber.track.fraction(offset: offset) - 0.5) < 0.01)
            let month = try #require(await store.scrubberMonth(offset: offset))

            // Let go: the month under the top bar loads.
            await store.scrubbing(false)
            await store.settled()
            let asked = faults.pageRequests.dropFirst(before).compactMap(\.url.query)
            let name = "month=\(month.year)-\(month.month < 10 ? "0" : "")\(month.month)"
            #expect(asked.contains { $0.contains(name) }, "\(name) in \(asked)")
        }
    }
}
