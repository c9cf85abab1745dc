import Testing

@testable import GalleryEngine

/// The scrubber's track: where it runs, when it shows, and its mapping between the view's offset and a
/// point on it, both ways, directly and through the export the browser calls.
@Suite struct ScrubberTrackTests {
    /// A 900 px window under a 60 px bar, over a library that scrolls to 10 000: the track runs from 68
    /// to 876, 808 px long.
    let track = ScrubberTrack(topBar: 60, viewportHeight: 900, maximumOffset: 10_000)

    @Test func theTrackRunsBelowTheBarToAboveTheWindowsBottom() {
        #expect(track.top == 68 && track.height == 808)
        #expect(track.shows)
    }

    @Test func aLibraryShorterThanTwoScreensHasNoScrubber() {
        #expect(!ScrubberTrack(topBar: 60, viewportHeight: 900, maximumOffset: 899).shows)
        #expect(ScrubberTrack(topBar: 60, viewportHeight: 900, maximumOffset: 900).shows, "exactly two screens")
        #expect(!ScrubberTrack(topBar: 60, viewportHeight: 900, maximumOffset: 0).shows)
        #expect(
            !ScrubberTrack(topBar: 60, viewportHeight: 0, maximumOffset: 0).shows, "an empty window, an empty library")
    }

    @Test func theHandleSitsAtTheViewsFractionOfTheTrack() {
        #expect(track.fraction(offset: 5_000) == 0.5)
        #expect(track.handleY(offset: 0) == 68)
        #expect(track.handleY(offset: 5_000) == 68 + 404)
        #expect(track.handleY(offset: 10_000) == 876)
        #expect(
            track.fraction(offset: -50) == 0 && track.fraction(offset: 20_000) == 1, "an overscroll stays on the track")
        #expect(track.fraction(offset: .nan) == 0)
    }

    @Test func aDragToAPointTakesTheViewToItsFractionOfTheLibrary() {
        #expect(track.offset(y: 68) == 0)
        #expect(track.offset(y: 68 + 202) == 2_500)
        #expect(track.offset(y: 0) == 0, "above the track: the top")
        #expect(track.offset(y: 2_000) == 10_000, "below it: the end")
        #expect(track.offset(y: .infinity) == 10_000, "far below: the end")
        #expect(track.offset(y: .nan) == 0, "no point at all: the top")
        for offset in stride(from: 0.0, through: 10_000, by: 1_250) {
            #expect(abs(track.offset(y: track.handleY(offset: offset)) - offset) < 1e-9, "the mappings agree")
        }
    }

    @Test func aYearsLabelSitsAtItsMonthsFractionInWholePixels() {
        #expect(track.labelY(contentY: 0) == 0)
        #expect(track.labelY(contentY: 1_000) == 81, "80.8 rounded")
        #expect(track.labelY(contentY: 10_500) == 808, "a month on the last screen: the track's end")
    }

    @Test func valuesFromOutsideNeverMakeATrackOfNoLength() {
        let odd = ScrubberTrack(topBar: .nan, viewportHeight: -5, maximumOffset: .infinity)
        #expect(odd.top == 8 && odd.height == 1 && odd.maximumOffset == 0 && !odd.shows)
        #expect(odd.offset(y: 100) == 0)
        let short = ScrubberTrack(topBar: 60, viewportHeight: 70, maximumOffset: 500)
        #expect(short.height == 1, "a window shorter than the bar and the gaps")
    }

    @Test func theExportAnswersEachQuestion() {
        #expect(ge_scrubber(0, 0, 60, 900, 10_000) == 1)
        #expect(ge_scrubber(1, 0, 60, 900, 10_000) == 68)
        #expect(ge_scrubber(2, 0, 60, 900, 10_000) == 808)
        #expect(ge_scrubber(3, 5_000, 60, 900, 10_000) == 0.5)
        #expect(ge_scrubber(4, 5_000, 60, 900, 10_000) == 472)
        #expect(ge_scrubber(5, 1_000, 60, 900, 10_000) == 81)
        #expect(ge_scrubber(6, 270, 60, 900, 10_000) == 2_500)
        #expect(ge_scrubber(7, 0, 60, 900, 10_000).isNaN)
    }
}
