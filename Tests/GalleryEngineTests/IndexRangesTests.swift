import Testing

@testable import GalleryEngine

/// The selection's storage: ranges that merge, split and shift as indices come and go.
@Suite struct IndexRangesTests {
    static func ranges(_ pairs: [(Int, Int)]) -> IndexRanges {
        var r = IndexRanges()
        for (lo, hi) in pairs { r.set(lo, hi, to: true) }
        return r
    }

    @Test func addingMergesOverlappingAndTouchingRanges() {
        var r = Self.ranges([(10, 20), (30, 40)])
        #expect(r.bounds == [10, 20, 30, 40] && r.count == 20)
        r.set(20, 30, to: true)
        #expect(r.bounds == [10, 40], "touching ranges join")
        r.set(5, 8, to: true)
        r.set(50, 60, to: true)
        r.set(7, 55, to: true)
        #expect(r.bounds == [5, 60])
        r.set(9, 3, to: true)
        #expect(r.bounds == [5, 60], "a reversed range is nothing")
    }

    @Test func removingSplitsAndTrims() {
        var r = Self.ranges([(0, 100)])
        r.set(40, 50, to: false)
        #expect(r.bounds == [0, 40, 50, 100] && r.count == 90)
        r.set(0, 10, to: false)
        r.set(95, 200, to: false)
        #expect(r.bounds == [10, 40, 50, 95])
        r.set(30, 60, to: false)
        #expect(r.bounds == [10, 30, 60, 95])
        r.set(0, 1000, to: false)
        #expect(r.isEmpty)
    }

    @Test func containsCountsAndClipsByBinarySearch() {
        var r = IndexRanges()
        for k in stride(from: 0, to: 1000, by: 10) { r.set(k, k + 5, to: true) }
        #expect(r.rangeCount == 100 && r.count == 500)
        #expect(r.contains(0) && r.contains(994) && !r.contains(5) && !r.contains(995) && !r.contains(-1))
        #expect(r.count(in: 3, 23) == 2 + 5 + 3)
        #expect(r.clipped(to: 3, 23) == [3, 5, 10, 15, 20, 23])
        r.toggle(5)
        #expect(r.clipped(to: 0, 20) == [0, 6, 10, 15])
        r.toggle(5)
        #expect(r.clipped(to: 0, 20) == [0, 5, 10, 15])
    }

    @Test func aMillionPhotoRangeIsTwoNumbers() {
        var r = IndexRanges()
        r.set(12_345, 987_654, to: true)
        #expect(r.bounds.count == 2 && r.count == 975_309)
    }

    @Test func insertsShiftLaterRangesAndSplitOneAroundThem() {
        var r = Self.ranges([(10, 20), (30, 40)])
        r.insert(3, at: 15)
        #expect(r.bounds == [10, 15, 18, 23, 33, 43], "new photos inside a run are not selected")
        r.insert(2, at: 0)
        #expect(r.bounds == [12, 17, 20, 25, 35, 45])
        r.insert(5, at: 45)
        #expect(r.bounds == [12, 17, 20, 25, 35, 45], "after the last range: nothing moves")
    }

    @Test func removalsShiftDownAndJoinTheRangesTheySeparated() {
        var r = Self.ranges([(0, 3), (4, 6)])
        r.remove(at: 3)
        #expect(r.bounds == [0, 5])
        r.remove(at: 0)
        #expect(r.bounds == [0, 4])
        var single = Self.ranges([(7, 8), (20, 22)])
        single.remove(at: 7)
        #expect(single.bounds == [19, 21], "a range that empties goes")
    }
}
