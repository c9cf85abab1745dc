import Catalog
import Foundation
import Testing

/// `KeysetWalk` driven over an in-memory index, against pages worked out by hand: what every catalog's
/// paging does, apart from its reads.
@Suite struct KeysetWalkTests {
    /// Twelve photos, two to a timestamp, so ids break ties: newest first they are t5/b, t5/a, t4/b, …
    static let index: [PhotoRecord] = (0..<12).map { number in
        PhotoRecord(
            id: number % 2 == 0 ? "a\(number / 2)" : "b\(number / 2)", contentHash: "", originalName: "",
            format: "jpeg", mimeType: "image/jpeg", byteSize: 1, width: 1, height: 1, takenAt: Int64(number / 2),
            takenAtSource: "file", thumbHash: Data(), averageColor: "#000000", importedAt: 0, updatedAt: 0)
    }

    /// A read over `index`, as a catalog's `(takenAt, id)` index walk answers it; counts the reads.
    final class Reader {
        var reads: [KeysetWalk.Read] = []

        func rows(_ read: KeysetWalk.Read) -> [PhotoRecord] {
            reads.append(read)
            let newestFirst = KeysetWalkTests.index.sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }
            let side: [PhotoRecord]
            switch read.direction {
            case .older:
                side = newestFirst.filter { photo in
                    read.from.map { (photo.takenAt, photo.id) < ($0.takenAt, $0.id) } ?? true
                }
            case .newer:
                side = newestFirst.reversed().filter { photo in
                    read.from.map { (photo.takenAt, photo.id) > ($0.takenAt, $0.id) } ?? true
                }
            }
            return Array(side.dropFirst(max(0, read.offset)).prefix(max(0, read.limit)))
        }

        func run(_ start: KeysetWalk) -> KeysetWalk {
            var walk = start
            while let read = walk.read { walk.received(rows(read)) }
            return walk
        }
    }

    static func ids(_ walk: KeysetWalk) -> [String] { walk.photos.map(\.id) }

    @Test func theFirstPageReadsOnceAndPointsOnlyDown() {
        let reader = Reader()
        let walk = reader.run(.older(after: nil, offset: 0, limit: 4))
        #expect(Self.ids(walk) == ["b5", "a5", "b4", "a4"])
        #expect(walk.nextCursor == PageCursor(takenAt: 4, id: "a4"))
        #expect(walk.previousCursor == nil)
        #expect(reader.reads == [KeysetWalk.Read(from: nil, direction: .older, limit: 5)])
    }

    @Test func aPageFromACursorProbesAboveItself() {
        let reader = Reader()
        let walk = reader.run(.older(after: PageCursor(takenAt: 4, id: "a4"), offset: 0, limit: 4))
        #expect(Self.ids(walk) == ["b3", "a3", "b2", "a2"])
        #expect(walk.nextCursor == PageCursor(takenAt: 2, id: "a2"))
        #expect(walk.previousCursor == PageCursor(takenAt: 3, id: "b3"))
        #expect(
            reader.reads.last == KeysetWalk.Read(from: PageCursor(takenAt: 3, id: "b3"), direction: .newer, limit: 1))
    }

    @Test func theLastPageHasNoNextCursor() {
        let walk = Reader().run(.older(after: PageCursor(takenAt: 1, id: "b1"), offset: 0, limit: 4))
        #expect(Self.ids(walk) == ["a1", "b0", "a0"])
        #expect(walk.nextCursor == nil)
        #expect(walk.previousCursor == PageCursor(takenAt: 1, id: "a1"))
    }

    @Test func anOffsetFromTheTopNeedsNoProbe() {
        let reader = Reader()
        let walk = reader.run(.older(after: nil, offset: 3, limit: 2))
        #expect(Self.ids(walk) == ["a4", "b3"])
        #expect(walk.previousCursor == PageCursor(takenAt: 4, id: "a4"))
        #expect(walk.nextCursor == PageCursor(takenAt: 3, id: "b3"))
        #expect(reader.reads.count == 1)
    }

    @Test func anOffsetPastTheEndIsAnEmptyPageWithNoCursors() {
        let walk = Reader().run(.older(after: nil, offset: 40, limit: 5))
        #expect(walk.photos.isEmpty && walk.nextCursor == nil && walk.previousCursor == nil)
    }

    @Test func theNewerPageIsNewestFirstWithCursorsBothWays() {
        let reader = Reader()
        let walk = reader.run(.newer(before: PageCursor(takenAt: 2, id: "a2"), limit: 3))
        #expect(Self.ids(walk) == ["b3", "a3", "b2"])
        #expect(walk.previousCursor == PageCursor(takenAt: 3, id: "b3"))
        #expect(walk.nextCursor == PageCursor(takenAt: 2, id: "b2"))
        #expect(
            reader.reads.last == KeysetWalk.Read(from: PageCursor(takenAt: 2, id: "b2"), direction: .older, limit: 1))
    }

    @Test func theNewerPageAtTheTopHasNoPreviousCursor() {
        let walk = Reader().run(.newer(before: PageCursor(takenAt: 4, id: "a4"), limit: 5))
        #expect(Self.ids(walk) == ["b5", "a5", "b4"])
        #expect(walk.previousCursor == nil)
        #expect(walk.nextCursor == PageCursor(takenAt: 4, id: "b4"))
    }

    @Test func theLargestLimitReadsEverythingWithoutOverflow() {
        let walk = Reader().run(.older(after: nil, offset: Int.max, limit: Int.max))
        #expect(walk.photos.isEmpty)
        #expect(Reader().run(.older(after: nil, offset: 0, limit: Int.max)).photos.count == Self.index.count)
    }

    @Test func aNegativeOrZeroLimitIsAnEmptyPageThatNeverTraps() {
        for limit in [Int.min, -1, 0] {
            let older = Reader().run(.older(after: PageCursor(takenAt: 3, id: "a3"), offset: -7, limit: limit))
            #expect(older.photos.isEmpty && older.nextCursor == nil && older.previousCursor == nil)
            let newer = Reader().run(.newer(before: PageCursor(takenAt: 3, id: "a3"), limit: limit))
            #expect(newer.photos.isEmpty)
        }
    }

    /// Following `nextCursor` from the top, and then `previousCursor` back up, visits every photo exactly
    /// once each way, at every page size.
    @Test func pagesTileTheOrderBothWays() {
        let all = Self.index.sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }.map(\.id)
        for limit in 1...13 {
            let reader = Reader()
            var down: [String] = []
            var walk = reader.run(.older(after: nil, offset: 0, limit: limit))
            var last = walk
            down += Self.ids(walk)
            while let next = walk.nextCursor {
                walk = reader.run(.older(after: next, offset: 0, limit: limit))
                down += Self.ids(walk)
                last = walk
            }
            #expect(down == all, "limit \(limit)")
            var up = Self.ids(last)
            walk = last
            while let previous = walk.previousCursor {
                walk = reader.run(.newer(before: previous, limit: limit))
                up = Self.ids(walk) + up
            }
            #expect(up == all, "limit \(limit)")
        }
    }
}
