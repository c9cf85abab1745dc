import Testing

@testable import GalleryEngine

/// Whole gallery sessions: events in, frames out, as a client would drive them.
@Suite struct GallerySessionTests {
    /// A 4:3 grid of 10 columns on a 1000 px wide screen, with month headers.
    static let configuration = TimelineConfiguration(
        layout: .grid(width: 1000, minimumTileWidth: 100, headerHeight: 36), yearHeaderHeight: 36)
    /// 24 months of 3000 photos, newest first.
    static let months: [TimelineMonth] = (0..<24).map { k in
        let year = Int32(2024 - k / 12)
        let month = Int32(12 - k % 12)
        return TimelineMonth(year: year, month: month, count: 3000)
    }

    /// A session past its cold start: its first frame plans the screen and beyond.
    static func session() -> (GallerySession, GalleryFrame) {
        let session = GallerySession(configuration: configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 2))
        _ = session.handle(.months(months))
        return (session, session.handle(.release))
    }

    /// Answers every load of `frame` with 4:3 photos at `time`; returns the last frame.
    static func answer(_ session: GallerySession, _ frame: GalleryFrame, at time: Double) -> GalleryFrame {
        var last = frame
        for r in frame.start {
            last = session.handle(
                .pageArrived(id: r.id, aspectRatios: [Float](repeating: 4.0 / 3.0, count: r.items.count), time: time))
        }
        return last
    }

    /// Scrolls from `from` at `speed` px/ms, one frame each 16 ms, `frames` times; returns each frame.
    static func scroll(
        _ session: GallerySession, from: Double, speed: Double, frames: Int, start time: Double
    ) -> [GalleryFrame] {
        (1...frames).map { k in
            session.handle(.scroll(offset: from + speed * 16 * Double(k), time: time + 16 * Double(k)))
        }
    }

    @Test func aScrollLoadsPagesOfTwoHundredForTheScreenAndAFlingPagesOfFourHundredAhead() {
        let (session, first) = Self.session()
        #expect(first.start.first?.section == 0 && first.start.first?.items.lowerBound == 0)
        #expect(first.pageSize == 200 && !first.isFling && first.visible.first?.section == 0)
        _ = Self.answer(session, first, at: 50)

        let slow = Self.scroll(session, from: 0, speed: 1, frames: 10, start: 100)
        #expect(slow.allSatisfy { !$0.isFling && $0.pageSize == 200 })
        #expect(isClose(slow.last!.velocity, 1, 1e-9))

        let fast = Self.scroll(session, from: 160, speed: 6, frames: 10, start: 300)
        let fling = fast.last!
        #expect(fling.isFling && fling.pageSize == 400 && isClose(fling.velocity, 6, 1e-9))
        let ahead = fast.flatMap(\.start)
        #expect(!ahead.isEmpty && ahead.allSatisfy { $0.items.count <= 400 })
        // The fling plans for where the screen will be a round trip on, below what it shows now.
        let shown = session.layout.spans(top: session.offset, bottom: session.offset + 800)
        #expect(ahead.contains { r in !shown.contains { $0.section == r.section && $0.items.overlaps(r.items) } })

        // It stops: the window empties of motion and the pages are small again.
        let rest = session.handle(.tick(time: 700))
        #expect(rest.velocity == 0 && !rest.isFling && rest.pageSize == 200)
    }

    @Test func homeAndEndGoToTheEndsAndTheScrubberLoadsNothingUntilItIsLetGo() {
        let (session, _) = Self.session()
        let end = session.handle(.key(.end))
        #expect(end.scrollTo == session.maximumOffset && end.scrollTo! > 0)
        #expect(end.visible.last?.section == 23 && end.start.contains { $0.section == 23 })
        let home = session.handle(.key(.home))
        #expect(home.scrollTo == 0 && home.visible.first?.section == 0)

        _ = session.handle(.scrubbing(true))
        let dragged = session.handle(.scroll(offset: session.maximumOffset / 2, time: 1000))
        #expect(dragged.start.isEmpty)
        let letGo = session.handle(.scrubbing(false))
        #expect(
            !letGo.start.isEmpty && letGo.start.allSatisfy { r in letGo.visible.contains { $0.section == r.section } })
    }

    @Test func pageKeysMoveAScreenLessTheTopBarAndAnOverlapAndStopAtTheEnds() {
        var configuration = Self.configuration
        configuration.layout.insets.top = 96
        let session = GallerySession(configuration: configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 2))
        _ = session.handle(.months(Self.months))
        _ = session.handle(.release)
        let page = 800 - 96 - session.policy.pageOverlap
        let down = session.handle(.key(.pageDown))
        #expect(down.scrollTo == page && down.offset == page && down.velocity == 0)
        #expect(session.handle(.key(.pageDown)).scrollTo == 2 * page)
        #expect(session.handle(.key(.pageUp)).scrollTo == page)
        #expect(session.handle(.key(.pageUp)).scrollTo == 0)
        #expect(session.handle(.key(.pageUp)).scrollTo == 0, "the top holds")
        _ = session.handle(.key(.end))
        let end = session.handle(.key(.pageDown))
        #expect(end.scrollTo == session.maximumOffset && end.visible.last?.section == 23, "the end holds")
    }

    @Test func aTouchHeldStillOpensTheMenuAtItsTimeOnceAndItsLiftIsNoTap() {
        let (session, _) = Self.session()
        let down = session.handle(.pointer(.down, x: 100, y: 200, id: 1, time: 1000))
        #expect(down.tickAt == 1000 + session.policy.longPressDuration && !down.longPress)
        _ = session.handle(.pointer(.move, x: 140, y: 200, id: 2, time: 1100))  // another finger
        _ = session.handle(.pointer(.move, x: 106, y: 206, id: 1, time: 1200))  // within the slop
        #expect(!session.handle(.tick(time: 1499)).longPress)
        let held = session.handle(.tick(time: 1500))
        #expect(held.longPress && held.tickAt == nil)
        #expect(!session.handle(.tick(time: 1600)).longPress, "once")
        _ = session.handle(.pointer(.up, x: 106, y: 206, id: 1, time: 2000))
        #expect(session.ignoresClick(at: 2000 + session.policy.clickSuppression - 1))
        #expect(!session.ignoresClick(at: 2000 + session.policy.clickSuppression))
    }

    @Test func aTouchThatMovesOrThatTheGridScrollsUnderIsNoPress() {
        let (session, _) = Self.session()
        _ = session.handle(.pointer(.down, x: 100, y: 200, id: 3, time: 1000))
        let moved = session.handle(.pointer(.move, x: 100, y: 211, id: 3, time: 1100))
        #expect(moved.tickAt == nil && !session.handle(.tick(time: 1600)).longPress)
        _ = session.handle(.pointer(.down, x: 100, y: 200, id: 4, time: 2000))
        _ = session.handle(.scroll(offset: 30, time: 2100))
        #expect(!session.handle(.tick(time: 2600)).longPress)
        _ = session.handle(.pointer(.up, x: 100, y: 200, id: 4, time: 2700))
        #expect(!session.ignoresClick(at: 2700), "a lift with no menu is a tap")
    }

    @Test func aSearchThatEmptiesLeavesNothingAndItsClearingStartsAgainAtTheTop() {
        let (session, first) = Self.session()
        let moved = session.handle(.scroll(offset: 50_000, time: 100))
        let sent = (first.start + moved.start).map(\.id)
        let empty = session.handle(.months([]))
        #expect(empty.visible.isEmpty && empty.start.isEmpty && empty.contentHeight == 0 && empty.scrollTo == 0)
        #expect(!sent.isEmpty && empty.cancel.map(\.id) == sent, "every load sent goes, the ones left behind too")
        #expect(session.planner.inFlight.isEmpty)
        // A page of the old library that arrives late places nothing.
        let late = session.handle(.pageArrived(id: first.start[0].id, aspectRatios: [1], time: 200))
        #expect(late.visible.isEmpty && session.layout.itemCount == 0)
        let cleared = session.handle(.months(Self.months))
        #expect(cleared.scrollTo == 0 && cleared.visible.first?.section == 0 && cleared.start.isEmpty)
        #expect(!session.handle(.tick(time: 300)).start.isEmpty, "the next frame loads the new top")
    }

    @Test func aLiveInsertAboveTheViewportKeepsThePhotoOnScreenWhereItWas() {
        let (session, first) = Self.session()
        _ = Self.answer(session, first, at: 50)
        let y = session.layout.frame(section: 1, item: 100)!.y
        _ = session.handle(.scroll(offset: y, time: 100))
        let frame = session.handle(.inserted(section: 0, index: 0, aspectRatios: [Float](repeating: 1, count: 25)))
        let moved = session.layout.frame(section: 1, item: 100)!.y
        #expect(frame.scrollTo == session.offset && moved > y)
        #expect(isClose(moved - session.offset, 0, 1e-6), "the photo under the eye stays there")
    }

    @Test func aLiveInsertAtTheTopShowsTheNewPhotosThere() {
        let (session, first) = Self.session()
        _ = Self.answer(session, first, at: 50)
        let frame = session.handle(.inserted(section: 0, index: 0, aspectRatios: [Float](repeating: 1, count: 25)))
        #expect(session.offset == 0 && (frame.scrollTo ?? 0) == 0 && frame.visible.first?.items.lowerBound == 0)
    }

    @Test func aLiveDeleteAboveTheViewportKeepsThePhotoOnScreenWhereItWas() {
        let (session, first) = Self.session()
        _ = Self.answer(session, first, at: 50)
        let y = session.layout.frame(section: 1, item: 100)!.y
        _ = session.handle(.scroll(offset: y, time: 100))
        let count = session.layout.itemCount
        for _ in 0..<25 { _ = session.handle(.deleted(section: 0, index: 0)) }
        let moved = session.layout.frame(section: 1, item: 100)!.y
        #expect(session.layout.itemCount == count - 25 && moved < y)
        #expect(isClose(moved - session.offset, 0, 1e-6), "the photo under the eye stays there")
        // In the same month above it: the photo under the eye moves up an index and stays where it is.
        let a = session.layout.anchor(atContentY: session.offset)!
        let before = session.layout.frame(section: 1, item: a.item)!.y - session.offset
        _ = session.handle(.deleted(section: 1, index: 10))
        #expect(isClose(session.layout.frame(section: 1, item: a.item - 1)!.y - session.offset, before, 1e-6))
    }

    @Test func aDeleteUnderTheOpenViewerShowsTheNextPhotoAndTheLastOneThePrevious() {
        let (session, _) = Self.session()
        #expect(session.handle(.viewer(index: 7, count: 30)).viewer == 7)
        #expect(session.handle(.removed([7])).viewer == 7, "the next photo moves into its place")
        #expect(session.handle(.removed([2, 3])).viewer == 5, "photos above it move it up")
        _ = session.handle(.viewer(index: 26, count: 27))
        #expect(session.handle(.removed([26])).viewer == 25, "the last one shows the one before")
        _ = session.handle(.viewer(index: 0, count: 1))
        #expect(session.handle(.removed([0])).viewer == nil, "nothing left: the viewer closes")
    }

    @Test func aResizeOrARotationKeepsThePhotoAtTheTopOfTheScreen() throws {
        let (session, first) = Self.session()
        _ = Self.answer(session, first, at: 50)
        let y = session.layout.frame(section: 0, item: 150)!.y + 10
        _ = session.handle(.scroll(offset: y, time: 100))
        // The photo under the top of the screen: the first of its row.
        let anchor = try #require(session.layout.anchor(atContentY: y))
        let rotated = session.handle(.viewport(width: 390, height: 844, density: 3))
        let now = session.layout.frame(section: 0, item: anchor.item)!
        #expect(rotated.scrollTo == session.offset && isClose(session.offset - now.y, anchor.offset, 1e-9))
        #expect(session.layout.frame(section: 0, item: 3)!.x == 0, "the narrow screen has 3 columns")
        let back = session.handle(.viewport(width: 1000, height: 800, density: 2))
        let again = session.layout.frame(section: 0, item: anchor.item)!
        #expect(back.scrollTo == session.offset && isClose(session.offset - again.y, anchor.offset, 1e-9))
        #expect(session.layout.frame(section: 0, item: 3)!.x > 0)
    }

    @Test func aFailedPageIsRetriedAfterOneSecondThenTwoAndTheFailureStandsAfterFive() {
        let (session, first) = Self.session()
        var request = first.start[0]
        var time = 100.0
        var frame = GalleryFrame()
        for (failure, delay) in [1000.0, 2000, 4000, 8000, 16000].enumerated() {
            frame = session.handle(.pageFailed(id: request.id, time: time))
            #expect(frame.retryAt == time + delay, "failure \(failure + 1)")
            if let other = session.planner.inFlight.first {
                let same = session.handle(.pageFailed(id: other.id, time: time))
                #expect(same.retryAt == time + delay, "a load failing in the same outage counts once")
            }
            #expect(frame.start.isEmpty && !frame.failureStands)
            #expect(session.handle(.tick(time: time + delay - 1)).start.isEmpty, "nothing before its time")
            time += delay
            frame = session.handle(.tick(time: time))
            #expect(frame.retryAt == nil && frame.start.contains { $0.items == request.items })
            request = frame.start.first { $0.items == request.items }!
        }
        frame = session.handle(.pageFailed(id: request.id, time: time))
        #expect(frame.failureStands && frame.retryAt == nil)
        #expect(session.handle(.tick(time: time + 60_000)).start.isEmpty, "a standing failure waits")
        let retried = session.handle(.retryNow(time: time + 60_000))
        #expect(!retried.failureStands && retried.start.contains { $0.items == request.items })
        let done = Self.answer(session, retried, at: time + 60_100)
        #expect(done.retryAt == nil && session.layout.isLoaded(section: 0, item: 0))
    }
}
