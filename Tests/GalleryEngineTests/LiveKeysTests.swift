import Testing

@testable import GalleryEngine

/// `LiveKeys` (the web client's run: times, hashes and one buffer of id bytes) against the plain run of
/// sort keys the rules are written for: the same changes give the same outcomes and the same places.
@Suite struct LiveKeysTests {
    /// Fills a `LiveKeys` from keys (nil: a place not loaded) through its one-buffer path.
    static func filled(_ keys: [PhotoSortKey?]) -> LiveKeys {
        var ids: [UInt8] = []
        for key in keys { ids += key?.id ?? [] }
        var run = LiveKeys()
        let ok = ids.withUnsafeBufferPointer { buffer in
            run.fill(ids: buffer, count: keys.count) { k in (keys[k]?.takenAt ?? 0, keys[k]?.id.count ?? -1) }
        }
        #expect(ok)
        return run
    }

    static func keys(_ run: LiveKeys) -> [PhotoSortKey?] { (0..<run.count).map { run.key(at: $0) } }

    @Test func aFilledRunHoldsItsKeysAndFindsItsPhotos() {
        let month: [PhotoSortKey?] = [key("f", hour: 20), key("ee", hour: 18), nil, key("b", hour: 12)]
        let run = Self.filled(month)
        #expect(Self.keys(run) == month)
        #expect(run.index(of: Array("ee".utf8)) == 1 && run.index(of: Array("e".utf8)) == nil)
        #expect(run.index(of: []) == nil, "a place not loaded is no photo")
        #expect(run.firstIndex(notNewerThan: key("z", hour: 18)) == 1, "same time: the larger id first")
        #expect(run.firstIndex(notNewerThan: key("c", hour: 18)) == 3, "past the place not loaded")
        #expect(
            run.firstIndex(notNewerThan: key("eef", hour: 18)) == 1
                && run.firstIndex(notNewerThan: key("e", hour: 18)) == 3)
        #expect(run.firstIndex(notNewerThan: key("a", hour: 1)) == 4)
    }

    @Test func lengthsPastTheBufferEmptyTheRun() {
        var run = Self.filled([key("a", hour: 1)])
        let ids: [UInt8] = Array("abc".utf8)
        let ok = ids.withUnsafeBufferPointer { buffer in run.fill(ids: buffer, count: 2) { _ in (0, 2) } }
        #expect(!ok && run.count == 0)
        let huge = ids.withUnsafeBufferPointer { buffer in run.fill(ids: buffer, count: 1) { _ in (0, .max) } }
        #expect(!huge && run.count == 0)
    }

    /// Random scripts of inserts, updates (moving or not) and deletes, of photos here and not, on months
    /// with places not loaded: both runs give the same outcomes and end with the same places.
    @Test func randomScriptsGiveWhatThePlainRunGives() {
        var seed: UInt32 = 0x2545_F491
        func next(_ n: Int) -> Int {
            seed ^= seed << 13
            seed ^= seed >> 17
            seed ^= seed << 5
            return Int(seed % UInt32(n))
        }
        let rules = LiveChangeRules(boundedAbove: true, boundedBelow: true, keepsGaps: true)
        for round in 0..<40 {
            let count = 5 + next(60)
            var month: [PhotoSortKey?] = (0..<count).map { k in
                next(4) == 0 ? nil : key("p\(k)", hour: Int64(1000 - 10 * k - next(3)))
            }
            if round % 5 == 0 { month = month.map { $0.map { PhotoSortKey(takenAt: 0, id: $0.id) } } }
            // In the newest-first order, as a month is: the loaded keys sorted into the loaded places.
            var sorted = month.compactMap { $0 }.sorted { $0.isNewer(than: $1) }[...]
            month = month.map { $0 == nil ? nil : sorted.popFirst() }
            var plain = KeyRun(keys: month)
            var keys = Self.filled(month)
            var changes: [LiveChange<PhotoSortKey>] = []
            for _ in 0..<30 {
                let kind = LiveChange<PhotoSortKey>.Kind(rawValue: Int32(next(3)))!
                let id = next(2) == 0 ? "p\(next(count))" : "n\(next(20))"
                let hour = round % 5 == 0 ? 0 : Int64(next(1100))
                changes.append(change(kind, id, hour: hour))
            }
            let outcomes = rules.apply(changes, to: &keys)
            #expect(outcomes == changes.map { rules.apply($0, to: &plain) }, "round \(round)")
            #expect(Self.keys(keys) == plain.keys, "round \(round)")
        }
    }
}
