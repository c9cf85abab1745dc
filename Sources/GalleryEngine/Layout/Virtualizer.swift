/// Decides, per scroll frame, which items to show, which to prepare and which
/// to release. Every query is two or four binary searches over row tops, so it
/// costs O(log n) whether the library holds a hundred or ten million photos.
///
/// Three nested windows, all in content coordinates:
/// - **visible**: rows intersecting the viewport;
/// - **prefetch**: the viewport extended ahead in the direction of travel by
///   `baseOverscan + |velocity| × lookahead` (capped), and behind by a smaller
///   margin — fast flings fetch further ahead;
/// - **retain**: a larger band (`retainMargin` viewports each side). Mounted
///   items are released only once they leave it, so a small reversal of the
///   scroll direction doesn't thrash the DOM.
public struct Virtualizer: Sendable {
    public struct Configuration: Equatable, Sendable {
        /// Prefetch margin on each side at rest, in viewport heights.
        public var baseOverscan: Double = 0.5
        /// Extra prefetch ahead = speed (px/ms) × this many ms.
        public var lookaheadMilliseconds: Double = 250
        /// Cap of the prefetch margin ahead, in viewport heights.
        public var maximumOverscan: Double = 4
        /// Prefetch margin behind while moving, in viewport heights.
        public var trailingOverscan: Double = 0.25
        /// Speed (px/ms) below which scrolling counts as at rest.
        public var restSpeed: Double = 0.05
        /// Items stay mounted until they leave this many viewport heights beyond the viewport.
        public var retainMargin: Double = 2
        public init() {}

        /// Prefetch margins above and below the viewport for a scroll `velocity`
        /// (px/ms, positive down): the wider one ahead in the direction of travel.
        public func margins(viewportHeight vh: Double, velocity: Double) -> (above: Double, below: Double) {
            let speed = velocity < 0 ? -velocity : velocity
            var ahead = vh * baseOverscan
            var behind = ahead
            if speed > restSpeed {
                ahead += speed * lookaheadMilliseconds
                let cap = vh * maximumOverscan
                if ahead > cap { ahead = cap > vh * baseOverscan ? cap : vh * baseOverscan }
                behind = vh * trailingOverscan
            }
            return velocity < -restSpeed ? (ahead, behind) : (behind, ahead)
        }
    }

    /// The outcome of one query. All ranges are item indices.
    public struct Update: Equatable, Sendable {
        public var visible: Range<Int>
        /// Items to have mounted/loaded (contains `visible`).
        public var prefetch: Range<Int>
        /// Items that should stay mounted after this frame (contains `prefetch`).
        public var retained: Range<Int>
        /// Previously retained items to unmount now (at most two runs: above and below).
        public var releasedBefore: Range<Int>
        public var releasedAfter: Range<Int>
    }

    public var configuration: Configuration
    /// What the last update asked to keep mounted.
    public private(set) var retained: Range<Int> = 0..<0

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Forget mounted state (e.g. after a relayout that renumbers items).
    public mutating func reset() { retained = 0..<0 }

    /// One scroll frame. `contentOffset` is the content-space y at the top of the
    /// viewport (see ``ScrollSpace``); `velocity` is px/ms, positive scrolling down.
    public mutating func update(
        layout: GalleryLayout, contentOffset: Double, viewportHeight: Double, velocity: Double = 0
    ) -> Update {
        let c = configuration
        let vh = viewportHeight > 0 ? viewportHeight : 0
        let top = contentOffset
        let bottom = contentOffset + vh
        let (above, below) = c.margins(viewportHeight: vh, velocity: velocity)

        let visible = layout.items(intersectingTop: top, bottom: bottom)
        var prefetch = layout.items(intersectingTop: top - above, bottom: bottom + below)
        if prefetch.isEmpty { prefetch = visible }
        let margin = vh * c.retainMargin
        let window = layout.items(
            intersectingTop: top - (margin > above ? margin : above),
            bottom: bottom + (margin > below ? margin : below))

        // Keep what is still inside the retain window, if it touches the prefetch run.
        let kept = Virtualizer.clamp(retained, to: window)
        var next = prefetch
        if !kept.isEmpty && kept.lowerBound <= prefetch.upperBound && prefetch.lowerBound <= kept.upperBound {
            next = min(kept.lowerBound, prefetch.lowerBound)..<max(kept.upperBound, prefetch.upperBound)
        }
        let old = retained
        let releasedBefore = old.lowerBound..<max(old.lowerBound, min(old.upperBound, next.lowerBound))
        let releasedAfter = min(old.upperBound, max(old.lowerBound, next.upperBound))..<old.upperBound
        retained = next
        return Update(
            visible: visible, prefetch: prefetch, retained: next,
            releasedBefore: releasedBefore.isEmpty ? old.lowerBound..<old.lowerBound : releasedBefore,
            releasedAfter: releasedAfter.isEmpty ? old.upperBound..<old.upperBound : releasedAfter)
    }

    static func clamp(_ r: Range<Int>, to w: Range<Int>) -> Range<Int> {
        let lo = max(r.lowerBound, w.lowerBound)
        let hi = min(r.upperBound, w.upperBound)
        return lo < hi ? lo..<hi : lo..<lo
    }
}
