/// Decides which photos around the current one the viewer should load, in
/// which order, and when to fetch the next catalog page.
///
/// At rest the deck holds 1 behind + 2 ahead (most people swipe forward). While
/// swiping fast it widens ahead — up to `maximumAhead` — so images are already
/// decoding when the finger gets there; "ahead" follows the direction of travel.
public struct DeckPlanner: Equatable, Sendable {
    public var behind: Int = 1
    public var aheadAtRest: Int = 2
    public var maximumAhead: Int = 5
    /// Swipe speed (px/ms) that earns one extra photo ahead.
    public var speedPerExtra: Double = 0.5
    /// Ask for the next page when within this many items of the loaded end.
    public var loadMoreThreshold: Int = 10
    /// Photo changes further apart than this (ms) are at rest: the swipe speed is zero.
    public var swipeWindow: Double = 500

    public init() {}

    public struct Plan: Equatable, Sendable {
        /// Indices to load, highest priority first (the current photo is first).
        public var indices: [Int32]
        /// Whether to request the next catalog page now.
        public var shouldLoadMore: Bool
    }

    /// The swipe speed (px/ms) when the photo changed `interval` ms after the one before, on pages
    /// `pageWidth` px wide: a page over that time, zero past `swipeWindow`.
    public func swipeSpeed(pageWidth: Double, interval: Double) -> Double {
        guard interval > 0, interval < swipeWindow, pageWidth.isFinite, pageWidth > 0 else { return 0 }
        return pageWidth / interval
    }

    /// How many ahead at a given swipe speed.
    public func aheadCount(speed: Double) -> Int {
        let s = speed < 0 ? -speed : speed
        guard speedPerExtra > 0, s.isFinite else { return aheadAtRest }
        let extra = EngineMath.floorNonNegative(s / speedPerExtra)
        let n = aheadAtRest + extra
        return n > maximumAhead ? maximumAhead : n
    }

    /// - Parameters:
    ///   - current: index shown.
    ///   - loaded: how many items of the catalog are known locally.
    ///   - total: catalog total if known (< 0 when unknown).
    ///   - direction: +1 forward, −1 backward, 0 at rest (treated as forward).
    ///   - speed: swipe speed in px/ms.
    public func plan(current: Int, loaded: Int, total: Int, direction: Int, speed: Double) -> Plan {
        var indices: [Int32] = []
        let step = direction < 0 ? -1 : 1
        let ahead = aheadCount(speed: direction == 0 ? 0 : speed)
        let back = behind
        indices.reserveCapacity(1 + ahead + back)
        func add(_ i: Int) {
            if i >= 0 && i < loaded { indices.append(Int32(truncatingIfNeeded: i)) }
        }
        add(current)
        // Interleave: next ahead first, then behind, then further ahead.
        add(current + step)
        var k = 1
        while k <= back {
            add(current - step * k)
            k += 1
        }
        k = 2
        while k <= ahead {
            add(current + step * k)
            k += 1
        }
        let hasMore = total < 0 || loaded < total
        let shouldLoadMore = hasMore && loaded - 1 - current < loadMoreThreshold
        return Plan(indices: indices, shouldLoadMore: shouldLoadMore)
    }
}
