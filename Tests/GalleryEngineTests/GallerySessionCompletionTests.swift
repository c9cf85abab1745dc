import Testing

@testable import GalleryEngine

/// Places the client holds in part (a first screen's inline photos): the session reads them again, in
/// full, in a load of its own, when nothing else loads and the view rests, or at once when they are
/// needed; a failed read goes again, and live changes move the run still to read.
@Suite struct GallerySessionCompletionTests {
    /// A session holding its first screen: 36 inline photos placed and held in part at the top of the
    /// first of two months, as the web grid's boot leaves it.
    static func session() -> GallerySession {
        let session = GallerySession(configuration: GallerySessionTests.configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 2))
        _ = session.handle(
            .months([
                TimelineMonth(year: 2024, month: 12, count: 300), TimelineMonth(year: 2024, month: 11, count: 3000),
            ]))
        _ = session.handle(.placed(section: 0, start: 0, aspectRatios: [Float](repeating: 4.0 / 3.0, count: 36)))
        _ = session.handle(.partial(section: 0, start: 0, count: 36))
        return session
    }

    /// The read of the places held in part among `frame`'s loads.
    static func read(_ frame: GalleryFrame) -> TimelineRequest? {
        frame.start.first { $0.section == 0 && $0.items == 0..<36 }
    }

    @Test func theHeldPlacesAreReadOnceTheFirstScreensLoadsAreIn() {
        let session = Self.session()
        let held = session.handle(.jump(offset: 0))
        #expect(held.partial == 1 && held.holding)
        #expect(Self.read(held) == nil, "the screen's own loads come first")
        let released = session.handle(.release)
        #expect(Self.read(released) == nil, "nor while the screen's loads are in flight")
        // The loads are answered one by one, with those each answer starts, until the read comes.
        var pending = held.start + released.start
        var read: TimelineRequest?
        var time = 100.0
        while read == nil, !pending.isEmpty {
            let r = pending.removeFirst()
            let frame = session.handle(
                .pageArrived(id: r.id, aspectRatios: [Float](repeating: 1, count: r.items.count), time: time))
            read = Self.read(frame)
            if read != nil {
                #expect(pending.isEmpty && frame.start.count == 1, "alone, once nothing else is in flight")
            }
            pending += frame.start
            time += 50
        }
        let request = try! #require(read, "read once nothing else is in flight")
        #expect(session.handle(.tick(time: time)).partial == 1, "counted until it arrives")
        let done = session.handle(.pageArrived(id: request.id, aspectRatios: [], time: time))
        #expect(done.partial == 0 && done.start.isEmpty)
        #expect(Self.read(session.handle(.tick(time: time + 1000))) == nil, "read once")
    }

    @Test func aViewerOpeningReadsThemAtOnceEvenBeforeTheHoldEnds() {
        let session = Self.session()
        _ = session.handle(.jump(offset: 0))
        let now = session.handle(.wantsFull)
        #expect(Self.read(now) != nil, "needed: read now, beside the screen's loads")
        #expect(now.partial == 1)
        #expect(session.handle(.wantsFull).start.isEmpty, "once")
    }

    @Test func aReadIsNotStartedDuringAScroll() {
        let session = Self.session()
        var frame = session.handle(.release)
        while !frame.start.isEmpty { frame = GallerySessionTests.answer(session, frame, at: 50) }
        // Answering every load read them; start again from a session whose view moves.
        let moving = Self.session()
        _ = moving.handle(.release)
        _ = moving.handle(.scroll(offset: 10, time: 1000))
        let scrolled = moving.handle(.scroll(offset: 40, time: 1016))
        #expect(Self.read(scrolled) == nil && scrolled.velocity > 0)
        #expect(Self.read(moving.handle(.wantsFull)) != nil, "unless it is needed")
    }

    @Test func aFailedReadGoesAgainAtItsRetry() {
        let session = Self.session()
        let first = session.handle(.wantsFull)
        let request = try! #require(Self.read(first))
        let failed = session.handle(.pageFailed(id: request.id, time: 100))
        #expect(failed.partial == 1 && failed.retryAt != nil)
        #expect(Self.read(failed) == nil, "not before the retry")
        let retried = session.handle(.tick(time: try! #require(failed.retryAt)))
        let again = try! #require(Self.read(retried), "still needed: read at the retry")
        #expect(again.id != request.id)
        #expect(session.handle(.pageArrived(id: again.id, aspectRatios: [], time: 5000)).partial == 0)
    }

    @Test func liveChangesMoveTheRunStillToRead() {
        let session = GallerySession(configuration: GallerySessionTests.configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 2))
        _ = session.handle(.months([TimelineMonth(year: 2024, month: 12, count: 300)]))
        _ = session.handle(.placed(section: 0, start: 0, aspectRatios: [Float](repeating: 1, count: 40)))
        _ = session.handle(.partial(section: 0, start: 10, count: 5))
        _ = session.handle(.inserted(section: 0, index: 2, aspectRatios: [1]))
        #expect(Self.run(session) == 11..<16, "a photo above: the run moves down")
        _ = session.handle(.deleted(section: 0, index: 12))
        #expect(Self.run(session) == 11..<15, "one inside left")
        _ = session.handle(.inserted(section: 0, index: 13, aspectRatios: [1, 1]))
        #expect(Self.run(session) == 11..<17, "photos that came inside are read with it")
        _ = session.handle(.inserted(section: 0, index: 17, aspectRatios: [1]))
        _ = session.handle(.deleted(section: 0, index: 30))
        #expect(Self.run(session) == 11..<17, "below it: nothing moves")
        for _ in 0..<6 { _ = session.handle(.deleted(section: 0, index: 11)) }
        #expect(Self.run(session) == nil, "every photo of it left: nothing to read")
    }

    @Test func newMonthsDropTheRunAndItsRead() {
        let session = Self.session()
        let read = try! #require(Self.read(session.handle(.wantsFull)))
        let replaced = session.handle(.months([TimelineMonth(year: 2023, month: 1, count: 10)]))
        #expect(replaced.partial == 0 && replaced.cancel.contains(read))
        #expect(session.handle(.wantsFull).start.allSatisfy { $0.items != 0..<36 })
    }

    @Test func placesOutsideTheirMonthAreLeftOutAndRunsJoin() {
        let session = Self.session()
        _ = session.handle(.partial(section: 7, start: 0, count: 5))
        _ = session.handle(.partial(section: 0, start: 300, count: 5))
        _ = session.handle(.partial(section: 0, start: -1, count: 5))
        _ = session.handle(.partial(section: 0, start: 0, count: 0))
        #expect(Self.run(session) == 0..<36)
        _ = session.handle(.partial(section: 1, start: 10, count: Int.max))
        #expect(Self.run(session) == 0..<3300, "joined with the first, and clipped at the month's end")
        let reads = session.handle(.wantsFull).start.filter { $0.section == 0 && $0.items.lowerBound == 0 }
        #expect(reads.map(\.items) == [0..<3300], "one read, from the run's first place on")
    }

    /// The library indices held in part not read yet.
    static func run(_ session: GallerySession) -> Range<Int>? {
        session.partialLo < session.partialHi ? session.partialLo..<session.partialHi : nil
    }
}
