import Testing

@testable import GalleryEngine

/// The viewer's flights between a tile and the screen, the grid's reveal, and which photo the viewer
/// follows after a change: each decision on its own, and through the exports the browser calls.
@Suite struct FlightPolicyTests {
    let policy = GalleryPolicy()

    @Test func aTileFliesWhenAnyOfItShowsAndFadesOtherwise() {
        #expect(policy.tileFlies(y: 100, height: 200, viewportHeight: 800))
        #expect(policy.tileFlies(y: -199, height: 200, viewportHeight: 800), "one pixel showing at the top")
        #expect(!policy.tileFlies(y: -200, height: 200, viewportHeight: 800), "just above the screen")
        #expect(policy.tileFlies(y: 799, height: 200, viewportHeight: 800), "one pixel showing at the bottom")
        #expect(!policy.tileFlies(y: 800, height: 200, viewportHeight: 800), "just below the screen")
        #expect(!policy.tileFlies(y: .nan, height: 200, viewportHeight: 800))
        #expect(ge_policy_tile_flies(100, 200, 800) == 1 && ge_policy_tile_flies(900, 200, 800) == 0)
    }

    @Test func aDismissFlickTowardTheTileKeepsItsSpeedUpToEightPerSecond() {
        #expect(policy.closeFlightVelocity(releaseVelocity: 1000, distance: 400) == 2.5, "1000 px/s over 400 px")
        #expect(policy.closeFlightVelocity(releaseVelocity: -1000, distance: -400) == 2.5, "upward, to a tile above")
        #expect(policy.closeFlightVelocity(releaseVelocity: 5000, distance: 100) == 8, "capped")
        #expect(policy.closeFlightVelocity(releaseVelocity: -1000, distance: 400) == 0, "away from the tile")
        #expect(policy.closeFlightVelocity(releaseVelocity: 1000, distance: 1) == 0, "no flight to speak of")
        #expect(policy.closeFlightVelocity(releaseVelocity: 1000, distance: 1.5) == 8)
        #expect(policy.closeFlightVelocity(releaseVelocity: .infinity, distance: 400) == 0)
        #expect(policy.closeFlightVelocity(releaseVelocity: 1000, distance: .nan) == 0)
        #expect(ge_policy_close_velocity(1000, 400) == 2.5)
    }

    @Test func theFirstFrameOfAnOpenShowsTheFlightAlone() {
        #expect(policy.deckWaits(framesShown: 0), "the click's frame: the flight alone")
        #expect(!policy.deckWaits(framesShown: 1), "the next frame makes the deck and fills the bars")
        #expect(!policy.deckWaits(framesShown: 60))
        #expect(ge_policy_deck_waits(0) == 1 && ge_policy_deck_waits(1) == 0)
    }

    @Test func revealLeavesAnItemThatShowsAndCentresOneThatDoesNot() {
        // A view at 1000, 800 high, under a 60 px bar: items between 1060 and 1800 show. An item that does
        // not is centred in the 740 px below the bar: its top 370 − 50 = 320 px below it, 380 below the view.
        #expect(policy.revealOffset(y: 1060, height: 100, offset: 1000, topBar: 60, viewportHeight: 800) == nil)
        #expect(policy.revealOffset(y: 1700, height: 100, offset: 1000, topBar: 60, viewportHeight: 800) == nil)
        #expect(
            policy.revealOffset(y: 1059, height: 100, offset: 1000, topBar: 60, viewportHeight: 800) == 679,
            "under the bar: centred in the space below it")
        #expect(
            policy.revealOffset(y: 1701, height: 100, offset: 1000, topBar: 60, viewportHeight: 800) == 1321,
            "below the screen")
        #expect(policy.revealOffset(y: .nan, height: 100, offset: 1000, topBar: 60, viewportHeight: 800) == nil)
        #expect(ge_policy_reveal(5000, 100, 1000, 60, 800) == 4620 && ge_policy_reveal(1100, 100, 1000, 60, 800).isNaN)
    }

    @Test func theFollowExportPicksAmongTheSlidesThatStayed() {
        func follow(_ current: Int32, _ stayed: [Double]) -> Int32 {
            _ = ge_doubles(Int32(stayed.count))
            for (k, v) in stayed.enumerated() { wasmDoubles[k] = v }
            return ge_policy_follow(current, Int32(stayed.count))
        }
        #expect(follow(5, [3, 4, 5, 6, 7]) == 5, "the open photo stayed")
        #expect(follow(5, [7, 3, 4, 6]) == 6, "the next one after it, in any order")
        #expect(follow(5, [3, 4]) == 4, "else the one before it")
        #expect(follow(5, []) == -1, "none stayed: the viewer closes")
        #expect(follow(-1, [3]) == -1 && follow(Int32.max, [3]) == -1)
        #expect(follow(2, [.nan, -4, 1e12, 9]) == 9, "values that are no index are passed over")
    }
}
