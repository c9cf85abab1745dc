import Testing

@testable import GalleryEngine

/// The arrow keys' photo, found in the timeline's layout across its months.
@Suite struct TimelineNeighbourTests {
    /// 9 columns: a month of 15 photos (rows of 9 and 6), then one of 12 (9 and 3).
    static func layout() -> TimelineLayout {
        let layout = TimelineLayout(configuration: GallerySessionTests.configuration)
        layout.setMonths([
            TimelineMonth(year: 2024, month: 3, count: 15), TimelineMonth(year: 2024, month: 2, count: 12),
        ])
        return layout
    }

    @Test func sidewaysKeysStepThroughTheLibraryAndStopAtItsEnds() {
        let layout = Self.layout()
        #expect(layout.neighbour(of: 3, step: 1) == 4 && layout.neighbour(of: 3, step: -1) == 2)
        #expect(layout.neighbour(of: 14, step: 1) == 15, "into the next month")
        #expect(layout.neighbour(of: 0, step: -1) == 0 && layout.neighbour(of: 26, step: 1) == 26)
        #expect(layout.neighbour(of: 99, step: 1) == 26 && layout.neighbour(of: -4, step: -1) == 0)
        #expect(TimelineLayout(configuration: GallerySessionTests.configuration).neighbour(of: 3, step: 2) == 0)
    }

    @Test func upAndDownFindTheNearestPhotoInTheNextRowAcrossMonths() {
        let layout = Self.layout()
        let top = layout.frame(section: 0, item: 0)!.y
        #expect((0..<15).filter { layout.frame(section: 0, item: $0)!.y == top }.count == 9)
        #expect(layout.neighbour(of: 3, step: 2) == 12 && layout.neighbour(of: 12, step: -2) == 3)
        #expect(layout.neighbour(of: 7, step: 2) == 14, "a shorter row: its photo nearest in x")
        #expect(layout.neighbour(of: 12, step: 2) == 18 && layout.neighbour(of: 18, step: -2) == 12)
        #expect(layout.neighbour(of: 26, step: 2) == 26 && layout.neighbour(of: 4, step: -2) == 4, "no row there")
        #expect(layout.neighbour(of: -5, step: 2) == 9)
    }

    @Test func aLibraryIndexIsFoundInItsMonth() {
        let layout = Self.layout()
        #expect(layout.location(of: 0)! == (0, 0) && layout.location(of: 14)! == (0, 14))
        #expect(layout.location(of: 15)! == (1, 0) && layout.location(of: 26)! == (1, 11))
        #expect(layout.location(of: 27) == nil && layout.location(of: -1) == nil)
    }
}
