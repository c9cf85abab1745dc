import GalleryEngine
import Testing
import VitrineAPI

@testable import VitrineKit

/// GalleryEngine's live rules on a timeline month that stores only its loaded places: every place its
/// count says is there, loaded or not, at the cost of what is loaded.
@Suite struct MonthPlacesTests {
    static func photo(_ id: String, _ hour: Int) -> PhotoSummary { LoadedPhotosTests.photo(id, hour: hour) }
    let month = LiveChangeRules(boundedAbove: true, boundedBelow: true, keepsGaps: true)

    func change(_ kind: LiveChange<PhotoSummary>.Kind, _ p: PhotoSummary) -> LiveChange<PhotoSummary> {
        LiveChange(
            kind: kind, id: Array(p.id.utf8), key: ChangeMessage.SortKey(photo: p)!.engineKey,
            photo: kind == .delete ? nil : p)
    }

    @Test func aMonthOfABillionPlacesTakesChangesAtTheCostOfWhatIsLoaded() {
        // Photos at places 0 and 1, then a gap, as a month whose count came from the server.
        var places = MonthPlaces(count: 1_000_000_000, loaded: [0: Self.photo("d", 20), 1: Self.photo("c", 18)])
        let newest = month.apply(change(.insert, Self.photo("n", 22)), to: &places)
        #expect(newest.inserted == 0 && newest.isExact && places.count == 1_000_000_001)
        #expect(places.loaded.mapValues(\.id) == [0: "n", 1: "d", 2: "c"])
        // Older than the loaded ones: an unknown place of the gap below them, at its end.
        let gap = month.apply(change(.insert, Self.photo("g", 10)), to: &places)
        #expect(gap.inserted == 1_000_000_001 && !gap.isExact && places.count == 1_000_000_002)
        #expect(places.loaded.count == 3, "an unknown place stores nothing")
        let gone = month.apply(change(.delete, Self.photo("d", 20)), to: &places)
        #expect(gone.removed == 1 && places.loaded.mapValues(\.id) == [0: "n", 1: "c"])
        #expect(places.count == 1_000_000_001)
        // Not loaded here: where it was is unknown.
        #expect(month.apply(change(.delete, Self.photo("x", 5)), to: &places).isUncertain)
    }

    @Test func placesOutsideTheCountAreNotKept() {
        let places = MonthPlaces(
            count: 2, loaded: [-1: Self.photo("a", 1), 1: Self.photo("b", 2), 5: Self.photo("c", 3)])
        #expect(places.loaded.mapValues(\.id) == [1: "b"] && places.count == 2)
        #expect(MonthPlaces(count: -5, loaded: [:]).count == 0)
    }
}
