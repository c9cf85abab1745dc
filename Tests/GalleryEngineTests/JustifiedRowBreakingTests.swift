import Testing

@testable import GalleryEngine

/// The justified packing loop (SIMD unit conversion, branch-free row
/// breaking, row placement) checked against the rule it implements, written
/// plainly.
@Suite("Justified row breaking")
struct JustifiedRowBreakingTests {
    /// Row starts by the documented rule, in plain `Double` arithmetic: items join while
    /// the row fits the width at the target height; the item that overflows joins if the
    /// row then overshoots by no more than it would fall short without it.
    func referenceRowStarts(_ aspects: [Float], _ c: LayoutConfiguration) -> [Int] {
        let clamp = JustifiedLayout.AspectClamp(c)
        let gap = c.spacing / c.targetRowHeight
        let limit = (c.contentWidth + c.spacing) / c.targetRowHeight
        var starts = [0]
        var sum = 0.0
        for (i, a) in aspects.enumerated() {
            let u = clamp(a) + gap
            if sum + u <= limit {
                sum += u
            } else if sum + u - limit <= limit - sum {
                starts.append(i + 1)
                sum = 0
            } else {
                starts.append(i)
                sum = u
            }
        }
        if starts.last == aspects.count { starts.removeLast() }
        return starts
    }

    func rowStarts(_ l: GalleryLayout) -> [Int] { (0..<l.rowCount).map { l.items(inRow: $0).lowerBound } }

    @Test func theOverflowingItemJoinsTheRowNearerTheWidth() {
        // Width 1000 at height 200 holds aspects summing to 5 (no spacing).
        let c = LayoutConfiguration.justified(width: 1000, targetRowHeight: 200, spacing: 0, maximumAspectRatio: 3)
        // 2 + 2 = 4 falls short by 1; with 1.8 the row overshoots by 0.8: it joins.
        let joins = GalleryLayout(configuration: c)
        joins.append(aspectRatios: [2, 2, 1.8, 1])
        #expect(rowStarts(joins) == [0, 3])
        #expect(isClose(joins.rowExtent(0).height, 1000 / 5.8, 1e-4))  // 1.8 as a Float
        // With 2.4 it would overshoot by 1.4: it opens the next row instead.
        let staysOut = GalleryLayout(configuration: c)
        staysOut.append(aspectRatios: [2, 2, 2.4, 1])
        #expect(rowStarts(staysOut) == [0, 2])
        #expect(isClose(staysOut.rowExtent(0).height, 250))
        // The last row keeps the target height.
        #expect(staysOut.rowExtent(1).height == 200)
    }

    @Test func rowsFollowTheRuleAcrossChunksAndAppends() {
        let c = LayoutConfiguration.justified(width: 1200, targetRowHeight: 200, spacing: 4)
        // Many conversion chunks (`JustifiedLayout.chunkLength` items) long, with invalid ratios sprinkled in.
        var aspects = pseudoRandomAspects(9000, seed: 12345)
        for i in stride(from: 5, to: aspects.count, by: 701) { aspects[i] = [.nan, 0, -1, .infinity, 40][i % 5] }
        let full = GalleryLayout(configuration: c)
        full.append(aspectRatios: aspects)
        #expect(rowStarts(full) == referenceRowStarts(aspects, c))
        LayoutTests().checkInvariants(full)

        let paged = GalleryLayout(configuration: c)
        var at = 0
        #expect(aspects.count > 8 * JustifiedLayout.chunkLength)
        for n in [1, 511, 514, 2047, 2050, 3, 3068, 806] {
            paged.append(aspectRatios: Array(aspects[at..<(at + n)]))
            at += n
        }
        #expect(at == aspects.count)
        #expect(rowStarts(paged) == rowStarts(full))
        #expect(frames(paged) == frames(full))
        #expect(paged.contentHeight == full.contentHeight)
    }

    @Test func simdConversionMatchesOneAtATime() {
        let c = LayoutConfiguration.justified(width: 1000, targetRowHeight: 180, spacing: 3, minimumAspectRatio: 0.3)
        let clamp = JustifiedLayout.AspectClamp(c)
        let units = JustifiedLayout.Units(c, clamp: clamp)
        var state: UInt32 = 0xDEAD_BEEF
        var input: [Float] = [.nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -1, 0.3, 1, 3, 5.5]
        for _ in 0..<1000 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            // Any bit pattern half the time, a plausible aspect the other half.
            input.append(state & 1 == 0 ? Float(bitPattern: state) : Float(state >> 8) / Float(1 << 22))
        }
        var out = [Int64](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer {
                units.convert(i.baseAddress!, count: i.count, clamp: clamp, into: $0.baseAddress!)
            }
        }
        for (k, a) in input.enumerated() {
            let expected = units(clampedBits: clamp.bits(a))
            #expect(out[k] == expected, "item \(k): \(a)")
            // Exact: a unit is the ulp of the lower limit.
            #expect(Double(expected - units.gap) * units.unitSize == clamp(a))
        }
    }
}
