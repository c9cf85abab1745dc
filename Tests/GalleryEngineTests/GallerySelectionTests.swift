import Testing

@testable import GalleryEngine

/// The gallery session's selection: clicks, Shift, a month's heading, select all, Esc, the long press
/// that paints, and live changes under a selection.
@Suite struct GallerySelectionTests {
    typealias S = GallerySessionTests

    static func click(
        _ s: GallerySession, _ i: Int, extend: Bool = false, toggle: Bool = false, at t: Double = 0
    )
        -> GalleryFrame
    {
        s.handle(.select(.click(index: i, extend: extend, toggle: toggle, time: t)))
    }

    @Test func aClickOpensUntilSomethingIsSelectedThenToggles() {
        let (s, _) = S.session()
        let open = Self.click(s, 7)
        #expect(open.open == 7 && open.selected == 0 && !open.selectionChanged)
        let checked = Self.click(s, 7, toggle: true)
        #expect(checked.open == nil && checked.selected == 1 && checked.selectionChanged)
        let second = Self.click(s, 9)
        #expect(second.open == nil && second.selected == 2, "while selecting, a click toggles")
        #expect(Self.click(s, 7).selected == 1 && s.selected(in: 0, 20) == [9, 10])
        #expect(Self.click(s, -1).selected == 1 && Self.click(s, 72_000).selected == 1, "outside the library: nothing")
    }

    @Test func shiftClickSetsTheRunFromTheLastClickAsThatTileIs() {
        let (s, _) = S.session()
        _ = Self.click(s, 100, toggle: true)
        let run = Self.click(s, 40, extend: true)
        #expect(run.selected == 61 && s.selected(in: 0, 200) == [40, 101])
        // Across months: from photo 40 of the first month to photo 10 of the third.
        let far = Self.click(s, 6010, extend: true)
        #expect(far.selected == 6010 - 40 + 1 && s.selection.rangeCount == 1)
        // From a tile just cleared, Shift clears the run.
        _ = Self.click(s, 500)
        let cleared = Self.click(s, 600, extend: true)
        #expect(cleared.selected == 6010 - 40 + 1 - 101 && s.selected(in: 450, 650) == [450, 500, 601, 650])
    }

    @Test func aMonthHeadingSelectsTheMonthOrClearsItWhenAllOfItWas() {
        let (s, _) = S.session()
        _ = Self.click(s, 3001, toggle: true)
        let month = s.handle(.select(.month(section: 1)))
        #expect(month.selected == 3000 && s.selected(in: 0, 9000) == [3000, 6000])
        #expect(s.handle(.select(.month(section: 1))).selected == 0, "a whole month selected: the heading clears it")
        #expect(!s.handle(.select(.month(section: 99))).selectionChanged)
    }

    @Test func selectAllIsOneRangeAndEscClearsIt() {
        let (s, _) = S.session()
        let all = s.handle(.select(.all))
        #expect(all.selected == 72_000 && s.selection.bounds == [0, 72_000])
        let cleared = s.handle(.select(.clear))
        #expect(cleared.selected == 0 && cleared.selectionChanged)
        #expect(!s.handle(.select(.clear)).selectionChanged, "nothing to clear")
        #expect(Self.click(s, 3).open == 3, "a click opens again")
    }

    @Test func aLongPressSelectsItsTileAndPaintsAsTheFingerMoves() {
        let (s, _) = S.session()
        _ = s.handle(.pointer(.down, x: 100, y: 200, id: 1, time: 1000, item: 20))
        let held = s.handle(.tick(time: 1000 + s.policy.longPressDuration))
        #expect(held.longPress && held.selected == 1 && held.painting && s.selection.bounds == [20, 21])
        let down = s.handle(.pointer(.move, x: 100, y: 400, id: 1, time: 1600, item: 45))
        #expect(down.selected == 26 && down.selectionChanged && s.selection.bounds == [20, 46])
        let back = s.handle(.pointer(.move, x: 100, y: 100, id: 1, time: 1700, item: 12))
        #expect(back.selected == 9 && s.selection.bounds == [12, 21], "dragging back undoes what it painted")
        #expect(!s.handle(.pointer(.move, x: 100, y: 100, id: 1, time: 1750, item: -1)).selectionChanged)
        let up = s.handle(.pointer(.up, x: 100, y: 100, id: 1, time: 1800, item: 12))
        #expect(!up.painting && up.selected == 9)
        #expect(Self.click(s, 12, at: 1801).selected == 9, "the lift's click is not a tap")
        // A second long press on a selected tile paints the clearing.
        _ = s.handle(.pointer(.down, x: 100, y: 200, id: 2, time: 3000, item: 14))
        #expect(s.handle(.tick(time: 3000 + s.policy.longPressDuration)).selected == 8)
        _ = s.handle(.pointer(.move, x: 100, y: 200, id: 2, time: 3600, item: 16))
        #expect(s.selection.bounds == [12, 14, 17, 21])
    }

    @Test func aScreenThatOffersNoSelectionOpensOnEveryClickAndSelectsNothing() {
        let (s, _) = S.session()
        s.offersSelection = false
        #expect(Self.click(s, 7, toggle: true).open == 7, "a tile's check opens too")
        #expect(Self.click(s, 8, extend: true).open == 8)
        #expect(!s.handle(.select(.month(section: 1))).selectionChanged && !s.handle(.select(.all)).selectionChanged)
        _ = s.handle(.pointer(.down, x: 100, y: 200, id: 1, time: 1000, item: 20))
        let held = s.handle(.tick(time: 1000 + s.policy.longPressDuration))
        #expect(held.selected == 0 && !held.painting && s.selection.isEmpty, "a long press paints nothing")
    }

    @Test func liveChangesKeepTheSamePhotosSelected() {
        let (s, first) = S.session()
        _ = S.answer(s, first, at: 50)
        _ = Self.click(s, 5, toggle: true)
        _ = Self.click(s, 9, extend: true)
        #expect(s.selection.bounds == [5, 10])
        _ = s.handle(.inserted(section: 0, index: 0, aspectRatios: [1, 1]))
        #expect(s.selection.bounds == [7, 12], "two new photos above")
        _ = s.handle(.inserted(section: 0, index: 9, aspectRatios: [1]))
        #expect(s.selection.bounds == [7, 9, 10, 13], "a new photo inside the run is not selected")
        let gone = s.handle(.deleted(section: 0, index: 9))
        #expect(gone.selected == 5 && s.selection.bounds == [7, 12])
        // Shift still extends from the tile last clicked, where it now is.
        #expect(Self.click(s, 14, extend: true).selected == 8 && s.selection.bounds == [7, 15])
    }

    @Test func newMonthsClearTheSelection() {
        let (s, _) = S.session()
        _ = s.handle(.select(.all))
        let replaced = s.handle(.months(S.months))
        #expect(replaced.selected == 0 && replaced.selectionChanged)
    }
}
