import Testing

@testable import GalleryEngine

/// What a gallery session tells its screen to mount, keep and load, and when it wants a tick.
@Suite struct GallerySessionScreenTests {
    typealias S = GallerySessionTests

    static func span(_ r: TimelineRequest, in spans: [TimelineSpan]) -> Bool {
        spans.contains { $0.section == r.section && $0.items.overlaps(r.items) }
    }

    @Test func aColdStartLoadsAndMountsOnlyTheScreenUntilReleased() throws {
        let session = GallerySession(configuration: S.configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 2))
        let months = session.handle(.months(S.months))
        #expect(months.holding && months.start.isEmpty, "the months alone plan nothing")
        // The screen ends just above the third page: the window below it reaches into that page.
        let y = try #require(session.layout.frame(section: 0, item: 400)).y - 900
        let held = session.handle(.jump(offset: y))
        #expect(held.holding && !held.start.isEmpty)
        #expect(held.start.allSatisfy { Self.span($0, in: held.visible) }, "only the screen's pages")
        #expect(held.mount == GalleryBand(top: y, bottom: y + 800), "only the screen's tiles")
        #expect(held.reach.bottom == y + 800 + 1.5 * 800, "the server's first-screen tiles are adopted that far")
        #expect(session.handle(.tick(time: 20)).start.isEmpty, "nothing beyond the screen while holding")
        let released = session.handle(.release)
        #expect(!released.holding && released.start.contains { $0.items.lowerBound == 400 }, "the window follows")
        #expect(released.mount == GalleryBand(top: y - 200, bottom: y + 800 + 400) && released.reach == released.mount)
        #expect(released.retain == GalleryBand(top: y - 1600, bottom: y + 2400))
    }

    @Test func aFlingMountsOnlyTheScreenAndTheScrollStopsWhenItGoesIdle() {
        let (session, first) = S.session()
        _ = S.answer(session, first, at: 50)
        let walk = S.scroll(session, from: 0, speed: 1, frames: 8, start: 100).last!
        let offset = walk.offset
        #expect(walk.mount.top == offset - 200 && isClose(walk.mount.bottom, offset + 800 + 400 + 250, 1e-6))
        #expect(walk.tickAt.map { isClose($0, 228 + 150) } == true, "the last sample plus the idle time")
        let fling = S.scroll(session, from: offset, speed: 8, frames: 10, start: 300).last!
        #expect(fling.isFling && fling.pageSize == 400)
        #expect(fling.mount == GalleryBand(top: fling.offset, bottom: fling.offset + 800))
        #expect(fling.retain == fling.mount, "a fling keeps only the screen")
        #expect(session.handle(.tick(time: 460 + 149)).velocity != 0, "not idle yet")
        let rest = session.handle(.tick(time: 460 + 150))
        #expect(rest.velocity == 0 && rest.tickAt == nil && rest.pageSize == 200)
        #expect(rest.retain == GalleryBand(top: rest.offset - 1600, bottom: rest.offset + 2400))
        // Upward, the window reaches above the screen.
        let up = S.scroll(session, from: rest.offset, speed: -1, frames: 8, start: 1000).last!
        #expect(up.mount.bottom == up.offset + 800 + 200 && up.mount.top < up.offset - 400)
    }

    @Test func aFrameHeldUpStartsTheVelocityAfreshAndAJumpIsNoMovement() {
        let (session, _) = S.session()
        let steady = S.scroll(session, from: 0, speed: 2, frames: 6, start: 100).last!
        #expect(isClose(steady.velocity, 2, 1e-9))
        let late = session.handle(.scroll(offset: 2000, time: 196 + 250))
        #expect(late.velocity == 0, "one sample after a gap measures nothing")
        let next = session.handle(.scroll(offset: 2032, time: 196 + 266))
        #expect(isClose(next.velocity, 2, 1e-9))
        let jumped = session.handle(.jump(offset: 9000))
        #expect(jumped.velocity == 0 && jumped.tickAt == nil && jumped.offset == 9000)
        #expect(session.handle(.scroll(offset: 9000, time: 478)).velocity == 0, "measured from the jump on")
        #expect(isClose(session.handle(.scroll(offset: 9016, time: 494)).velocity, 1, 1e-9))
    }

    @Test func theVelocityKeepsTheFramesTimesWhenALoadArrivesOnALaterClock() {
        let (session, first) = S.session()
        _ = S.scroll(session, from: 0, speed: 2, frames: 6, start: 100)
        // The page's arrival is timed when its task ran, after the next frame began.
        _ = session.handle(.pageArrived(id: first.start[0].id, aspectRatios: [], time: 230))
        let next = session.handle(.scroll(offset: 224, time: 212))
        #expect(isClose(next.velocity, 2, 1e-9), "the frame at 212 ms, not at the arrival's 230")
    }

    @Test func loadsTheScreenLeftBehindArriveAndCountAgainstTheLoadsAtATime() {
        // Pages of 20: the screen alone needs more than the 6 loads at a time.
        var policy = GalleryPolicy()
        policy.pageSize = 20
        policy.flingPageSize = 40
        let session = GallerySession(configuration: S.configuration, policy: policy)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 2))
        _ = session.handle(.months(S.months))
        let first = session.handle(.release)
        #expect(first.start.count == 6 && first.start.allSatisfy { $0.items.count == 20 })
        // Far away: the planner lets every load go, and starts none while they still arrive.
        let away = session.handle(.scroll(offset: 200_000, time: 100))
        #expect(away.start.isEmpty && away.cancel.isEmpty && session.planner.inFlight.isEmpty)
        let late = first.start[0]
        let placed = session.handle(
            .pageArrived(
                id: late.id, aspectRatios: [Float](repeating: 4.0 / 3.0, count: late.items.count), time: 150))
        #expect(session.layout.isLoaded(section: late.section, item: late.items.lowerBound), "its photos are used")
        #expect(placed.start.count == 1, "one load at a time came free")
    }

    @Test func photosPlacedAboveKeepThePhotoUnderTheTopBarWhereItWas() throws {
        var configuration = TimelineConfiguration(
            layout: .justified(width: 1000, targetRowHeight: 200, headerHeight: 36), yearHeaderHeight: 36)
        configuration.layout.insets.top = 56
        let session = GallerySession(configuration: configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 1))
        _ = session.handle(.months(S.months))
        let y = session.layout.sectionTop(3) + 500
        _ = session.handle(.scroll(offset: y, time: 10))
        let anchor = try #require(session.layout.anchor(atContentY: y + 56))
        let before = session.layout.contentY(of: anchor)
        let frame = session.handle(.placed(section: 0, start: 0, aspectRatios: [Float](repeating: 3, count: 400)))
        let after = session.layout.contentY(of: anchor)
        #expect(after != before && frame.scrollTo == session.offset && frame.start.isEmpty)
        #expect(isClose(after - session.offset, before - y, 1e-6), "the photo under the top bar did not move")
        _ = session.handle(.layout(configuration))
        #expect(isClose(session.layout.contentY(of: anchor) - session.offset, before - y, 1e-6), "nor a relayout")
        configuration.layout.width = 700
        let narrow = session.handle(.layout(configuration))
        #expect(isClose(session.layout.contentY(of: anchor) - session.offset, before - y, 1e-6))
        #expect(narrow.scrollTo == session.offset && session.width == 700)
    }
}
