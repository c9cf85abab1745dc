import PropertyBased
import Testing

@testable import GalleryEngine

@Suite("Diff")
struct DiffTests {
    func check(_ old: [Int32], _ new: [Int32], sourceLocation: SourceLocation = #_sourceLocation) {
        let d = Diff.diff(old: old, new: new)
        #expect(Diff.apply(d, to: old) == new, "old \(old) new \(new) diff \(d)", sourceLocation: sourceLocation)
    }

    @Test func basics() {
        check([], [])
        check([], [1, 2, 3])
        check([1, 2, 3], [])
        check([1, 2, 3], [1, 2, 3])
        #expect(Diff.diff(old: [1, 2, 3], new: [1, 2, 3] as [Int32]).isEmpty)
        let d = Diff.diff(old: [1, 2, 3, 4] as [Int32], new: [1, 3, 5, 4])
        #expect(d.deletes == [1] && d.inserts == [2] && d.insertedIDs == [5] && d.moveFrom.isEmpty)
    }

    @Test func oneMovedItemIsOneMove() {
        var d = Diff.diff(old: [1, 2, 3, 4, 5] as [Int32], new: [5, 1, 2, 3, 4])
        #expect(d.moveFrom == [4] && d.moveTo == [0])
        d = Diff.diff(old: [1, 2, 3, 4, 5] as [Int32], new: [2, 3, 4, 5, 1])
        #expect(d.moveFrom == [0] && d.moveTo == [4])
        #expect(d.deletes.isEmpty && d.inserts.isEmpty)
    }

    @Test func duplicatesStillApplyCorrectly() {
        check([1, 1, 2, 2, 3], [2, 1, 1, 3, 3])
        check([7, 7, 7], [7, 7])
    }

    @Test func applyRejectsInconsistentDiffs() {
        var d = ListDiff()
        d.deletes = [5]
        #expect(Diff.apply(d, to: [1, 2]) == nil)
    }

    @Test func applyingTheDiffGivesTheNewList() async {
        // Unique ids, as on screen: shuffle, drop some, add some.
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...60).array(of: 0...40), Gen.int(in: 0...60).array(of: 0...40)
        ) { a, b in
            var seen = Set<Int>()
            let old = a.filter { seen.insert($0).inserted }.map(Int32.init)
            seen.removeAll()
            let new = b.filter { seen.insert($0).inserted }.map(Int32.init)
            let d = Diff.diff(old: old, new: new)
            #expect(Diff.apply(d, to: old) == new)
            // Minimal in deletes/inserts for unique ids: exactly the set differences.
            #expect(d.deletes.count == Set(old).subtracting(new).count)
            #expect(d.inserts.count == Set(new).subtracting(old).count)
        }
    }

    @Test func applyingTheDiffGivesTheNewListWithDuplicates() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...6).array(of: 0...20), Gen.int(in: 0...6).array(of: 0...20)
        ) { a, b in
            let old = a.map(Int32.init)
            let new = b.map(Int32.init)
            #expect(Diff.apply(Diff.diff(old: old, new: new), to: old) == new)
        }
    }

    @Test func genericHashableDiff() {
        let old = ["a", "b", "c", "d"]
        let new = ["d", "a", "x", "c"]
        let d = Diff.diff(old: old, new: new)
        #expect(Diff.apply(d, to: old, inserting: new) == new)
    }

    @Test func largeListsAreLinear() {
        let n = 200_000
        let old = (0..<Int32(n)).map { $0 }
        var new = old
        new.swapAt(10, 150_000)
        new.remove(at: 500)
        new.insert(-1, at: 7)
        let d = Diff.diff(old: old, new: new)
        #expect(Diff.apply(d, to: old) == new)
        #expect(d.moveFrom.count <= 2)
    }
}
