import Testing

@testable import GalleryEngine

/// Scroll corrections keep what the viewer looks at still when the layout above it changes.
@Suite("Timeline anchoring")
struct TimelineAnchorTests {
    static func library(months: Int = 12, perMonth: Int = 2000) -> TimelineLayout {
        let t = TimelineLayout(
            configuration: TimelineConfiguration(layout: TimelineLayoutTests.justified, averageAspectRatio: 1.3))
        t.setMonths(TimelineLayoutTests.months([Int](repeating: perMonth, count: months)))
        return t
    }

    /// Screen position of a photo relative to the anchor point.
    static func offset(_ t: TimelineLayout, _ s: Int, _ i: Int, _ anchorY: Double) -> Double {
        t.frame(section: s, item: i)!.y - anchorY
    }

    @Test func correctingASectionAboveKeepsAnEstimatedPhotoStill() {
        let t = Self.library()
        let anchorY = t.frame(section: 8, item: 777)!.y + 13
        let before = Self.offset(t, 8, 777, anchorY)
        let heightBefore = t.sectionBodyHeight(2)
        let correction = t.setItems(section: 2, start: 0, aspectRatios: pseudoRandomAspects(2000), anchorY: anchorY)
        #expect(correction != 0)
        #expect(isClose(correction, t.sectionBodyHeight(2) - heightBefore))
        #expect(isClose(Self.offset(t, 8, 777, anchorY + correction), before))
    }

    @Test func correctingAPartOfTheSameSectionAboveKeepsTheLoadedPhotoStill() {
        let t = Self.library()
        let aspects = pseudoRandomAspects(2000, seed: 3)
        t.setItems(section: 4, start: 1000, aspectRatios: Array(aspects[1000..<1200]), anchorY: 0)
        let anchorY = t.frame(section: 4, item: 1100)!.y - 3
        let before = Self.offset(t, 4, 1100, anchorY)
        // The first half of the month arrives: the rows above the anchored photo become exact.
        let correction = t.setItems(section: 4, start: 0, aspectRatios: Array(aspects[0..<1000]), anchorY: anchorY)
        #expect(correction != 0)
        #expect(isClose(Self.offset(t, 4, 1100, anchorY + correction), before))
    }

    @Test func theAnchoredPhotoItselfBecomingExactLandsWhereItWasEstimated() {
        let t = Self.library()
        let estimated = t.frame(section: 6, item: 1500)!
        let anchorY = estimated.y + 20
        let correction = t.setItems(
            section: 6, start: 1400, aspectRatios: pseudoRandomAspects(200, seed: 9), anchorY: anchorY)
        let exact = t.frame(section: 6, item: 1500)!
        // The anchor point is the same distance into the photo's row as before.
        #expect(isClose(exact.y + 20, anchorY + correction))
    }

    @Test func aHeaderAnchorStaysOnItsHeader() {
        let t = Self.library()
        let anchorY = t.sectionTop(5) + 10
        let a = t.anchor(atContentY: anchorY)!
        #expect(a.section == 5 && a.item == -1 && a.offset == 10)
        let correction = t.setItems(section: 1, start: 0, aspectRatios: pseudoRandomAspects(2000), anchorY: anchorY)
        #expect(isClose(t.sectionTop(5) + 10, anchorY + correction))
    }

    @Test func aChangeBelowTheAnchorNeedsNoCorrection() {
        let t = Self.library()
        let anchorY = t.frame(section: 2, item: 10)!.y
        #expect(t.setItems(section: 7, start: 0, aspectRatios: pseudoRandomAspects(2000), anchorY: anchorY) == 0)
    }

    @Test func aLiveInsertAboveInTheSameMonthKeepsThePhotoStill() {
        let t = Self.library()
        t.setItems(section: 3, start: 0, aspectRatios: pseudoRandomAspects(2000), anchorY: 0)
        let anchorY = t.frame(section: 3, item: 900)!.y + 7
        let before = Self.offset(t, 3, 900, anchorY)
        let correction = t.insertItems(
            section: 3, at: 0, aspectRatios: [1.5, 0.75, 1, 1, 1, 1, 1, 1, 2, 2], anchorY: anchorY)
        #expect(t.month(of: 3)?.count == 2010)
        #expect(t.sectionFirstItem(4) == 4 * 2000 + 10)
        // The photo that was the 900th is now the 910th, at the same place on screen.
        #expect(isClose(Self.offset(t, 3, 910, anchorY + correction), before))
        #expect(t.loadedRanges(ofSection: 3) == [0..<2010])
    }

    @Test func aLiveInsertInAMonthAboveKeepsThePhotoStill() {
        let t = Self.library()
        let anchorY = t.frame(section: 5, item: 42)!.y
        let before = Self.offset(t, 5, 42, anchorY)
        // Into a gap of an estimated month, and into a loaded one.
        var correction = t.insertItems(
            section: 0, at: 0, aspectRatios: [Float](repeating: 1.5, count: 30), anchorY: anchorY)
        #expect(correction > 0)
        #expect(isClose(Self.offset(t, 5, 42, anchorY + correction), before))
        t.setItems(section: 1, start: 0, aspectRatios: pseudoRandomAspects(2000), anchorY: 0)
        let y = t.frame(section: 5, item: 42)!.y
        correction = t.insertItems(section: 1, at: 1999, aspectRatios: [Float](repeating: 0.7, count: 50), anchorY: y)
        #expect(correction > 0)
        #expect(isClose(t.frame(section: 5, item: 42)!.y, y + correction))
        #expect(t.loadedRanges(ofSection: 0) == [0..<30])
        #expect(t.loadedRanges(ofSection: 1) == [0..<2050])
    }

    @Test func anInsertBelowTheAnchorInTheSameMonthNeedsNoCorrection() {
        let t = Self.library()
        t.setItems(section: 3, start: 0, aspectRatios: pseudoRandomAspects(2000), anchorY: 0)
        let anchorY = t.frame(section: 3, item: 100)!.y
        #expect(t.insertItems(section: 3, at: 1500, aspectRatios: [1, 1, 1], anchorY: anchorY) == 0)
    }
}
