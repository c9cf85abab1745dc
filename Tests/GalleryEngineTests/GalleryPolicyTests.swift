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

    @Test func theInfoSheetClosesPastEightyPixelsOrOnADownwardFlick() {
        #expect(policy.sheetDismisses(distance: 81, duration: 5000), "a slow, long drag")
        #expect(!policy.sheetDismisses(distance: 80, duration: 5000))
        #expect(policy.sheetDismisses(distance: 30, duration: 50), "a flick: 0.6 px/ms")
        #expect(!policy.sheetDismisses(distance: 30, duration: 60), "0.5 px/ms is not faster than a flick")
        #expect(!policy.sheetDismisses(distance: 10, duration: 1), "too short for a flick, however fast")
        #expect(!policy.sheetDismisses(distance: -200, duration: 10), "upward never closes it")
        #expect(policy.sheetDismisses(distance: 11, duration: 0), "no time is a millisecond")
        #expect(!policy.sheetDismisses(distance: .nan, duration: 10))
        #expect(!policy.sheetDismisses(distance: 50, duration: .infinity))
        #expect(ge_policy_sheet_dismisses(30, 50) == 1 && ge_policy_sheet_dismisses(30, 60) == 0)
    }

    @Test func anAnimationFrameStepsByItsIntervalUpToFourFramesAndTheFirstByOne() {
        #expect(FrameStep.milliseconds(now: 1016.5, previous: 1000) == 16.5)
        #expect(FrameStep.milliseconds(now: 1000, previous: 0) == 16, "the first frame of a run")
        #expect(FrameStep.milliseconds(now: 9000, previous: 1000) == 64, "after a stall, four frames' worth")
        #expect(FrameStep.milliseconds(now: 900, previous: 1000) == 0, "a clock that went back")
        #expect(FrameStep.milliseconds(now: .nan, previous: 1000) == 16)
        // Through the ABI: a spring stepped after a five-second stall moves as in one 64 ms step.
        let stalled = ge_springs_create(1)
        let stepped = ge_springs_create(1)
        defer {
            ge_springs_destroy(stalled)
            ge_springs_destroy(stepped)
        }
        for h in [stalled, stepped] {
            ge_spring_configure(h, 0, 2 * EngineMath.pi / 30, 1, 1, 50)
            ge_spring_reset(h, 0, 0, 0)
            ge_spring_retarget(h, 0, 100)
        }
        _ = ge_springs_step_frame(stalled, 6000, 1000)
        _ = ge_springs_step(stepped, 64)
        #expect(ge_springs_values(stalled)![0] == ge_springs_values(stepped)![0])
        #expect(ge_springs_values(stalled)![0] < 100, "still on its way")
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

@Suite struct LinkExpiryPolicyTests {
    @Test func aShareLinkOffersNeverADayAWeekAndAMonth() {
        #expect((0..<5).map { GalleryPolicy.linkExpiry($0) } == [0, 1, 7, 30, nil], "then none")
        #expect(GalleryPolicy.linkExpiry(-1) == nil)
        #expect(ge_policy_link_expiry(2) == 7 && ge_policy_link_expiry(4) == -1 && ge_policy_link_expiry(-3) == -1)
    }
}

@Suite struct ClientPolicyTests {
    @Test func theExportNumbersEachValueOnceAndNothingElse() {
        let p = ClientPolicy()
        let values = (1...26).compactMap { p.value($0) }
        #expect(
            values == [
                250, 300, 1000, 2000, 600, 1000, 200, 400, 500, 300, 2000, 2500, 10000, 150, 250, 300, 50, 50, 1.5,
                12, 100, 300, 8, 4, 100, 10000,
            ])
        #expect(p.value(0) == nil && p.value(27) == nil)
        #expect(
            p.unknownAspect == GridGeometry.averageAspectRatio, "a photo of unknown size lays out as an average one")
        #expect(ge_policy_client(7) == 200 && ge_policy_client(99).isNaN)
        #expect(
            p.pageSize == GalleryPolicy().pageSize && p.largestPage == GalleryPolicy().flingPageSize,
            "the session's pages")
    }
}
