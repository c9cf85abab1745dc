import Testing

@testable import GalleryEngine

/// The viewer's flight springs and the deck's reach come from the engine: the exports the web client reads
/// them by, and the deck plan keeping the planner's own reach where the caller gives none.
@Suite struct ViewerMotionExportsTests {
    @Test func theFlightSpringsAreNumberedOnce() {
        let springs = TransitionSprings()
        #expect((1...6).compactMap { springs.value($0) } == [0.4, 0.8, 0.35, 0.9, 0.001, 0.01])
        #expect((1...6).map { ge_transition_springs(Int32($0)) } == (1...6).compactMap { springs.value($0) })
        #expect(ge_transition_springs(0).isNaN && ge_transition_springs(7).isNaN)
        #expect(springs.closeDamping > springs.openDamping, "closing settles onto the tile with less overshoot")
    }

    @Test func theDeckReachIsThePlanners() {
        let planner = DeckPlanner()
        #expect(
            [ge_deck_reach(1), ge_deck_reach(2), ge_deck_reach(3)]
                == [Int32(planner.behind), Int32(planner.aheadAtRest), Int32(planner.maximumAhead)])
        #expect(ge_deck_reach(0) == -1 && ge_deck_reach(4) == -1)
    }
}

/// With the ABI's other tests: the plan is written to the shared int buffer.
extension ExportsTests {
    @Test func aPlanWithoutAReachUsesThePlanners() {
        let own = ge_deck_plan(10, 100, 100, 0, 0, -1, -1, -1, -1)
        let planned = DeckPlanner().plan(current: 10, loaded: 100, total: 100, direction: 0, speed: 0)
        #expect(Int(own) == planned.indices.count)
        #expect((0..<Int(own)).map { ge_ints()![$0] } == planned.indices)
        // A reach given is used: four ahead at rest, none behind.
        let wider = ge_deck_plan(10, 100, 100, 0, 0, 0, 4, 6, -1)
        #expect((0..<Int(wider)).map { ge_ints()![$0] }.sorted() == [10, 11, 12, 13, 14])
    }
}
