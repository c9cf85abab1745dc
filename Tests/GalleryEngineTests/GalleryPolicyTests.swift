import Testing

@testable import GalleryEngine

/// The gallery's decisions, each on its own.
@Suite struct GalleryPolicyTests {
    let policy = GalleryPolicy()

    @Test func aLongPressSwallowsTheClicksOfItsLiftForEightHundredMilliseconds() {
        #expect(policy.ignoresClick(at: 1799, longPressAt: 1000))
        #expect(!policy.ignoresClick(at: 1800, longPressAt: 1000))
        var taps = TapRecognizer(configuration: policy.tapConfiguration)
        _ = taps.begin(time: 0, point: Point(x: 0, y: 0))
        #expect(taps.tick(time: 499) == .none)
        #expect(taps.tick(time: 500) == .longPress)
        var moved = TapRecognizer(configuration: policy.tapConfiguration)
        _ = moved.begin(time: 0, point: Point(x: 0, y: 0))
        moved.move(time: 100, point: Point(x: 11, y: 0))
        #expect(moved.tick(time: 600) == .none, "a touch that moved 11 px is a scroll")
    }

    @Test func aFlingIsFasterThanTwoAndAHalfPixelsPerMillisecondAndLeadsByItsRoundTrip() {
        #expect(!policy.isFling(velocity: 2.5) && policy.isFling(velocity: -2.51))
        #expect(policy.flingLead(velocity: 2, roundTrip: 100) == 0)
        #expect(policy.flingLead(velocity: 3, roundTrip: 68) == 300)
        #expect(policy.flingLead(velocity: -3, roundTrip: 5000) == -3 * 1032, "round trips count up to 1 s")
        #expect(policy.pageSize(lead: 0) == 200 && policy.pageSize(lead: -300) == 400)
        #expect(policy.cancelMargin(lead: 0, viewportHeight: 800) == 1)
        #expect(policy.cancelMargin(lead: 1000, viewportHeight: 800) == 3)
        #expect(policy.cancelMargin(lead: .infinity, viewportHeight: 0) == 1)
    }

    @Test func theSmallThumbWhenItFillsTheTileAtThisDensity() {
        #expect(policy.usesSmallThumb(smallWidth: 240, smallHeight: 180, width: 120, height: 90, density: 2))
        #expect(!policy.usesSmallThumb(smallWidth: 240, smallHeight: 180, width: 121, height: 90, density: 2))
        #expect(policy.usesSmallThumb(smallWidth: 240, smallHeight: 180, width: 240.4, height: 90, density: .nan))
    }

    @Test func theOriginalPastOnePointZeroFiveTimesThePreview() {
        #expect(!policy.wantsOriginal(scale: 1, fitWidth: 1000, density: 2, previewWidth: 2048, originalWidth: 6000))
        #expect(policy.wantsOriginal(scale: 1.1, fitWidth: 1000, density: 2, previewWidth: 2048, originalWidth: 6000))
        #expect(!policy.wantsOriginal(scale: 4, fitWidth: 1000, density: 2, previewWidth: 2048, originalWidth: 2048))
    }

    @Test func theDeckAddsTheNeighboursThePlannerLeftOut() {
        #expect(policy.deck([5, 6, 7], current: 5, count: 10) == [5, 6, 7, 4])
        #expect(policy.deck([0, 1], current: 0, count: 10) == [0, 1])
        #expect(policy.deck([9], current: 9, count: 10) == [9, 8])
    }

    @Test func zoomKeysStepByOneAndAHalfAndTheWheelZoomsExponentially() {
        #expect(policy.zoom(.zoomIn, scale: 1) == .toggle)
        #expect(policy.zoom(.zoomIn, scale: 2) == .by(1.5))
        #expect(policy.zoom(.zoomOut, scale: 1) == .none && policy.zoom(.zoomOut, scale: 2) == .by(1 / 1.5))
        #expect(policy.zoom(.reset, scale: 1.005) == .none && policy.zoom(.reset, scale: 3) == .toggle)
        #expect(policy.wheelZoom(deltaY: 0) == 1 && policy.wheelZoom(deltaY: .nan) == 1)
        #expect(isClose(policy.wheelZoom(deltaY: -100), 2.718281828459045, 1e-12))
    }

    @Test func afterADeleteTheViewerShowsTheNextPhotoThatStayedElseThePreviousOne() {
        #expect(GalleryPolicy.follow(current: 3, oldCount: 6) { $0 != 3 } == 4)
        #expect(GalleryPolicy.follow(current: 5, oldCount: 6) { $0 != 5 } == 4)
        #expect(GalleryPolicy.follow(current: 2, oldCount: 6) { $0 == 2 } == 2)
        #expect(GalleryPolicy.follow(current: 0, oldCount: 1) { _ in false } == nil)
    }

    @Test func scrubberYearsCloserThanEighteenPixelsAreLeftOut() {
        #expect(policy.scrubberLabels([0, 10, 18, 40, 57, 58, 80]) == [0, 2, 3, 5, 6])
    }

    @Test func monthNames() {
        #expect(MonthNames.name(1).description == "January" && MonthNames.name(12).description == "December")
        #expect(MonthNames.name(0).description == "" && MonthNames.name(13).description == "")
    }
}

@Suite struct SlideshowPolicyTests {
    @Test func aSlideshowMovesOnEachIntervalAndEndsOnTheLastPhoto() {
        let p = GalleryPolicy()
        #expect(p.slideshowDelay(current: 0, count: 3) == 4000 && p.slideshowDelay(current: 1, count: 3) == 4000)
        #expect(p.slideshowDelay(current: 2, count: 3) == nil, "the last photo stays")
        #expect(p.slideshowDelay(current: -1, count: 3) == nil && p.slideshowDelay(current: 0, count: 0) == nil)
    }
}

@Suite struct ClientPolicyTests {
    @Test func theExportNumbersEachValueOnceAndNothingElse() {
        let p = ClientPolicy()
        let values = (1...14).compactMap { p.value($0) }
        #expect(values == [250, 300, 1000, 2000, 600, 1000, 200, 400, 500, 300, 2000, 2500, 10000, 150])
        #expect(p.value(0) == nil && p.value(15) == nil)
        #expect(ge_policy_client(7) == 200 && ge_policy_client(99).isNaN)
        #expect(
            p.pageSize == GalleryPolicy().pageSize && p.largestPage == GalleryPolicy().flingPageSize,
            "the session's pages")
    }
}
