import PropertyBased
import Testing

@testable import GalleryEngine

@Suite("Transition geometry")
struct GeometryTests {
    @Test func fitAndFill() {
        let vp = Rect(x: 0, y: 0, width: 400, height: 800)
        let fit = TransitionGeometry.aspectFit(aspectRatio: 1.5, in: vp)
        #expect(fit == Rect(x: 0, y: 400 - 400 / 1.5 / 2, width: 400, height: 400 / 1.5))
        let tile = Rect(x: 10, y: 20, width: 100, height: 100)
        let fill = TransitionGeometry.aspectFill(aspectRatio: 2, in: tile)
        #expect(fill == Rect(x: -40, y: 20, width: 200, height: 100))
        #expect(fill.center == tile.center)
        // Degenerate aspect behaves as square.
        #expect(TransitionGeometry.aspectFit(aspectRatio: .nan, in: vp).width == 400)
    }

    @Test func fitThenFillRoundTrips() async {
        await propertyCheck(input: Gen.int(in: 10...1000), Gen.int(in: 10...1000), Gen.int(in: 10...1000)) { a, w, h in
            let aspect = Double(a) / 100
            let bounds = Rect(x: 3, y: 5, width: Double(w), height: Double(h))
            let fit = TransitionGeometry.aspectFit(aspectRatio: aspect, in: bounds)
            let fill = TransitionGeometry.aspectFill(aspectRatio: aspect, in: bounds)
            #expect(isClose(fit.width / fit.height, aspect, 1e-9 * aspect))
            #expect(fit.width <= bounds.width + 1e-9 && fit.height <= bounds.height + 1e-9)
            #expect(fill.width >= bounds.width - 1e-9 && fill.height >= bounds.height - 1e-9)
            // Filling the fit rect gives the fit rect back, and fitting the fill rect the fill rect.
            let back = TransitionGeometry.aspectFill(aspectRatio: aspect, in: fit)
            #expect(
                isClose(back.x, fit.x, 1e-9) && isClose(back.width, fit.width, 1e-9)
                    && isClose(back.height, fit.height, 1e-9))
            let back2 = TransitionGeometry.aspectFit(aspectRatio: aspect, in: fill)
            #expect(isClose(back2.width, fill.width, 1e-9) && isClose(back2.height, fill.height, 1e-9))
        }
    }

    @Test func transitionNeverDistortsAndHandlesOvershoot() {
        let tile = Rect(x: 30, y: 500, width: 120, height: 90)
        let vp = Rect(x: 0, y: 0, width: 400, height: 800)
        for aspect in [0.1, 0.5, 1.0, 1.5, 10.0] {
            let start = TransitionGeometry.open(aspectRatio: aspect, tile: tile, viewport: vp, progress: 0)
            let end = TransitionGeometry.open(aspectRatio: aspect, tile: tile, viewport: vp, progress: 1)
            #expect(start.clip == tile)
            #expect(end.image == TransitionGeometry.aspectFit(aspectRatio: aspect, in: vp))
            #expect(end.clip == end.image)
            var p = -0.4
            while p <= 1.4 {
                let f = TransitionGeometry.open(aspectRatio: aspect, tile: tile, viewport: vp, progress: p)
                #expect(f.image.width > 0 && f.image.height > 0, "p=\(p)")
                #expect(abs(f.image.width / f.image.height - aspect) < 1e-9 * max(1, aspect), "distorted at p=\(p)")
                // The clip never shows beyond the image.
                #expect(f.clip.minX >= f.image.minX - 1e-9 && f.clip.maxX <= f.image.maxX + 1e-9)
                #expect(f.clip.minY >= f.image.minY - 1e-9 && f.clip.maxY <= f.image.maxY + 1e-9)
                p += 0.05
            }
        }
        // Absurd overshoot stays finite and positive.
        let wild = TransitionGeometry.open(aspectRatio: 1.5, tile: tile, viewport: vp, progress: -50)
        #expect(wild.image.width > 0 && wild.image.height > 0)
        #expect(TransitionGeometry.open(aspectRatio: 1.5, tile: tile, viewport: vp, progress: .nan).image.width > 0)
    }

    @Test func closingFromTheViewerStartsAtTheDisplayedFrame() {
        let v = ViewerGestures(viewport: Size(width: 400, height: 800), photoAspectRatio: 1.5)
        let frame = v.currentFrame()
        #expect(
            frame.image == TransitionGeometry.aspectFit(aspectRatio: 1.5, in: Rect(x: 0, y: 0, width: 400, height: 800))
        )
        let dragged = TransitionGeometry.viewerFrame(
            aspectRatio: 1.5, viewport: Rect(x: 0, y: 0, width: 400, height: 800), scale: 2,
            offset: Point(x: 10, y: 120))
        #expect(isClose(dragged.image.width, 800) && isClose(dragged.image.midY, 520))
        #expect(dragged.clip.minX == 0 && dragged.clip.maxX == 400)
        let tile = Rect(x: 0, y: 0, width: 100, height: 100)
        let close = TransitionGeometry.interpolate(
            from: dragged, to: TransitionGeometry.tileFrame(aspectRatio: 1.5, tile: tile), progress: 1)
        #expect(close.clip == tile)
    }
}

@Suite("Deck")
struct DeckTests {
    @Test func oneBehindTwoAheadAtRest() {
        let plan = DeckPlanner().plan(current: 10, loaded: 100, total: 100, direction: 0, speed: 0)
        #expect(plan.indices == [10, 11, 9, 12])
        #expect(!plan.shouldLoadMore)
    }

    @Test func widensAheadWhenSwipingFastInTheDirectionOfTravel() {
        let d = DeckPlanner()
        #expect(
            d.plan(current: 10, loaded: 100, total: 100, direction: 1, speed: 1.2).indices == [10, 11, 9, 12, 13, 14])
        #expect(
            d.plan(current: 10, loaded: 100, total: 100, direction: -1, speed: 9).indices == [10, 9, 11, 8, 7, 6, 5])
        #expect(d.aheadCount(speed: 100) == 5)
    }

    @Test func theSwipeSpeedIsAPageOverTheTimeSinceTheLastChangeAndZeroAtRest() {
        let d = DeckPlanner()
        #expect(d.swipeSpeed(pageWidth: 400, interval: 200) == 2)
        #expect(d.swipeSpeed(pageWidth: 400, interval: 500) == 0 && d.swipeSpeed(pageWidth: 400, interval: 0) == 0)
        #expect(d.swipeSpeed(pageWidth: .nan, interval: 100) == 0 && d.swipeSpeed(pageWidth: 400, interval: -5) == 0)
    }

    @Test func clipsAtTheEndsAndAsksForMore() {
        let d = DeckPlanner()
        let start = d.plan(current: 0, loaded: 50, total: 1000, direction: -1, speed: 0)
        #expect(start.indices == [0, 1])
        #expect(!start.shouldLoadMore)
        let nearEnd = d.plan(current: 42, loaded: 50, total: 1000, direction: 1, speed: 0)
        #expect(nearEnd.shouldLoadMore)
        let atTotal = d.plan(current: 48, loaded: 50, total: 50, direction: 1, speed: 0)
        #expect(!atTotal.shouldLoadMore && atTotal.indices == [48, 49, 47])
        #expect(d.plan(current: 45, loaded: 50, total: -1, direction: 1, speed: 0).shouldLoadMore, "unknown total")
    }
}
