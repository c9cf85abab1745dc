import Testing

@testable import GalleryEngine

/// A run of places for the tests: sort keys, nil where a place is not loaded.
struct KeyRun: LivePlaces {
    var keys: [PhotoSortKey?]
    var count: Int { keys.count }
    func key(at index: Int) -> PhotoSortKey? { keys[index] }
    func index(of id: [UInt8]) -> Int? { keys.firstIndex { $0?.id == id } }
    mutating func remove(at index: Int) { keys.remove(at: index) }
    mutating func insert(_ photo: PhotoSortKey?, at index: Int) { keys.insert(photo, at: index) }
    mutating func replace(at index: Int, with photo: PhotoSortKey) { keys[index] = photo }
    var ids: [String] { keys.map { $0.map { String(decoding: $0.id, as: UTF8.self) } ?? "?" } }
}

func key(_ id: String, hour: Int64) -> PhotoSortKey { PhotoSortKey(takenAt: hour * 3_600_000, id: Array(id.utf8)) }

func change(_ kind: LiveChange<PhotoSortKey>.Kind, _ id: String, hour: Int64) -> LiveChange<PhotoSortKey> {
    let k = key(id, hour: hour)
    return LiveChange(kind: kind, id: k.id, key: k, photo: kind == .delete ? nil : k)
}

@Suite struct LiveChangeTests {
    /// A month of 6 places, newest first; places 2 and 3 are not loaded.
    let month = KeyRun(keys: [key("f", hour: 20), key("e", hour: 18), nil, nil, key("b", hour: 12), key("a", hour: 10)])
    let monthRules = LiveChangeRules(boundedAbove: true, boundedBelow: true, keepsGaps: true)

    @Test func theSortOrderIsTimeThenTheLargerIDAsBytes() {
        #expect(key("a", hour: 2).isNewer(than: key("z", hour: 1)))
        #expect(key("bz", hour: 1).isNewer(than: key("b", hour: 1)))
        #expect(!key("b", hour: 1).isNewer(than: key("bz", hour: 1)))
        #expect(!key("b", hour: 1).isNewer(than: key("b", hour: 1)))
        #expect(PhotoSortKey(takenAt: 0, id: [0xC3]).isNewer(than: PhotoSortKey(takenAt: 0, id: [0x7A])))
    }

    @Test func monthsAreUTC() {
        #expect(PhotoSortKey.month(ofMilliseconds: 0) == 197_001)
        #expect(PhotoSortKey.month(ofMilliseconds: -1) == 196_912)
        #expect(PhotoSortKey.month(ofMilliseconds: 1_577_836_800_000 - 1) == 201_912)
        #expect(PhotoSortKey.month(ofMilliseconds: 1_582_934_400_000) == 202_002, "2020-02-29")
        #expect(PhotoSortKey.month(ofMilliseconds: 1_583_020_800_000) == 202_003)
        #expect(PhotoSortKey.month(ofMilliseconds: .max) / 100 == 20_000, "years saturate")
        #expect(PhotoSortKey.month(ofMilliseconds: .min) < 0)
    }

    @Test func aNewPhotoBetweenLoadedNeighboursIsExact() {
        var run = month
        let outcome = monthRules.apply(change(.insert, "x", hour: 19), to: &run)
        #expect(outcome.inserted == 1 && outcome.isExact && outcome.removed == nil && !outcome.isUncertain)
        #expect(run.ids == ["f", "x", "e", "?", "?", "b", "a"])
        var end = month
        #expect(monthRules.apply(change(.insert, "o", hour: 1), to: &end).isExact)
        #expect(end.ids.last == "o")
        var top = month
        #expect(monthRules.apply(change(.insert, "n", hour: 23), to: &top).inserted == 0)
    }

    @Test func aNewPhotoInAGapBecomesAnUnknownPlaceOfIt() {
        var run = month
        let outcome = monthRules.apply(change(.insert, "x", hour: 15), to: &run)
        #expect(outcome.inserted == 4 && !outcome.isExact)
        #expect(run.ids == ["f", "e", "?", "?", "?", "b", "a"])
    }

    @Test func aListOfPagesLeavesWhatFallsPastItsEndsToThePages() {
        let list = KeyRun(keys: [key("d", hour: 20), key("c", hour: 18), key("b", hour: 16)])
        var rules = LiveChangeRules(boundedAbove: true, boundedBelow: false, keepsGaps: false)
        var run = list
        #expect(rules.apply(change(.insert, "o", hour: 1), to: &run).inserted == nil)
        #expect(run.ids == ["d", "c", "b"])
        rules.boundedBelow = true
        #expect(rules.apply(change(.insert, "o", hour: 1), to: &run).inserted == 3)
        rules.boundedAbove = false
        #expect(rules.apply(change(.insert, "n", hour: 23), to: &run).inserted == nil)
        #expect(run.ids == ["d", "c", "b", "o"])
    }

    @Test func updatesStayOrMoveDeletesGoAndTwiceIsOnce() {
        var run = month
        let same = monthRules.apply(change(.update, "e", hour: 18), to: &run)
        #expect(same.replaced == 1 && same.removed == nil && run.ids == month.ids)
        let moved = monthRules.apply(change(.update, "f", hour: 11), to: &run)
        #expect(moved.removed == 0 && moved.inserted == 4 && moved.isExact)
        #expect(run.ids == ["e", "?", "?", "b", "f", "a"])
        let gone = monthRules.apply(change(.delete, "b", hour: 0), to: &run)
        #expect(gone.removed == 3 && run.ids == ["e", "?", "?", "f", "a"])
        let again = monthRules.apply(change(.delete, "b", hour: 0), to: &run)
        #expect(again.isUncertain && again.removed == nil && run.ids == ["e", "?", "?", "f", "a"])
        var twice = month
        monthRules.apply(change(.insert, "x", hour: 19), to: &twice)
        monthRules.apply(change(.insert, "x", hour: 19), to: &twice)
        #expect(twice.ids == ["f", "x", "e", "?", "?", "b", "a"])
    }

    @Test func aChangeToAPhotoNotLoadedIsUncertainAndGoesInOnlyWhereExact() {
        var run = month
        let exact = monthRules.apply(change(.update, "y", hour: 19), to: &run)
        #expect(exact.isUncertain && exact.inserted == 1 && exact.isExact)
        var gap = month
        let unknown = monthRules.apply(change(.update, "z", hour: 15), to: &gap)
        #expect(unknown.isUncertain && unknown.inserted == nil && gap.ids == month.ids)
    }

    @Test func aDeleteOfAPhotoNotHereIsUncertainAndMovesNothing() {
        var run = month
        let outcome = monthRules.apply(change(.delete, "c", hour: 15), to: &run)
        #expect(outcome.isUncertain && outcome.removed == nil && outcome.inserted == nil && outcome.replaced == nil)
        #expect(run.ids == month.ids)
        let held = monthRules.apply(change(.delete, "e", hour: 18), to: &run)
        #expect(!held.isUncertain && held.removed == 1)
        var list = KeyRun(keys: [key("d", hour: 20)])
        let pages = LiveChangeRules(boundedAbove: true, boundedBelow: false, keepsGaps: false)
        #expect(pages.apply(change(.delete, "x", hour: 19), to: &list).isUncertain)
    }

    @Test func aBatchIsItsChangesOneAfterAnother() {
        let changes = [
            change(.insert, "x", hour: 19), change(.update, "x", hour: 11), change(.delete, "e", hour: 18),
            change(.delete, "q", hour: 15), change(.insert, "y", hour: 16),
        ]
        var batched = month
        let outcomes = monthRules.apply(changes, to: &batched)
        var single = month
        #expect(outcomes == changes.map { monthRules.apply($0, to: &single) })
        #expect(batched.ids == single.ids && batched.ids == ["f", "?", "?", "?", "b", "x", "a"])
        #expect(outcomes[3].isUncertain && !outcomes[4].isExact)
    }

    @Test func aFilteredRunTakesNoNewPhotosAndARelevanceOrderOnlyUpdatesInPlace() {
        var rules = monthRules
        rules.isFiltered = true
        var run = month
        #expect(rules.apply(change(.insert, "x", hour: 19), to: &run) == LiveOutcome())
        #expect(rules.apply(change(.update, "f", hour: 11), to: &run).inserted == 4)
        rules.isFiltered = false
        rules.isOrderedByDate = false
        var relevance = month
        #expect(rules.apply(change(.update, "f", hour: 11), to: &relevance).replaced == 0)
        #expect(rules.apply(change(.insert, "x", hour: 19), to: &relevance).inserted == nil)
    }
}

@Suite struct RetryPolicyTests {
    @Test func oneSecondDoublingToThirtyAndTheFailureStandsAfterFiveRetries() {
        let policy = RetryPolicy()
        #expect((0...7).map { policy.delay(afterFailures: $0) } == [nil, 1000, 2000, 4000, 8000, 16000, nil, nil])
        let long = RetryPolicy(retries: 8)
        #expect((6...8).map { long.delay(afterFailures: $0) } == [30000, 30000, 30000])
        #expect(long.delay(afterFailures: .max) == nil)
    }

    @Test func theFeedReconnectsWithTheSameBackOffForAboutFiftyMinutes() {
        let feed = RetryPolicy.feed
        #expect((1...7).map { feed.delay(afterFailures: $0) } == [1000, 2000, 4000, 8000, 16000, 30000, 30000])
        #expect(feed.delay(afterFailures: 100) == 30000 && feed.delay(afterFailures: 101) == nil)
    }

    @Test func outOfRangeSettingsAreClamped() {
        let odd = RetryPolicy(initialDelay: -1, maximumDelay: .nan, retries: -5)
        #expect(odd.retries == 0 && odd.initialDelay == 0 && odd.maximumDelay == 0)
        #expect(odd.delay(afterFailures: 1) == nil)
        #expect(RetryPolicy(initialDelay: 50_000, retries: 1).delay(afterFailures: 1) == 30000)
    }
}
