/// A load the planner asks for: photos `items` of month `section`. The client
/// maps it to the server's pages (`before=<the month's first instant>` for a
/// month's start, the cursor of the run it continues otherwise) and reports
/// back with ``TimelinePlanner/finish(id:)``.
public struct TimelineRequest: Equatable, Sendable {
    public var id: Int32
    public var section: Int
    public var items: Range<Int>

    public init(id: Int32, section: Int, items: Range<Int>) {
        self.id = id
        self.section = section
        self.items = items
    }
}

/// One decision of the planner.
public struct TimelinePlan: Equatable, Sendable {
    /// Loads to start now, most urgent first.
    public var requests: [TimelineRequest]
    /// Loads in flight that the view has left behind: abort them (they are no
    /// longer counted as in flight).
    public var cancelled: [TimelineRequest]
}

/// Decides which photos of a ``TimelineLayout`` to load next.
///
/// Order: the photos in the viewport, then the prefetch band ahead in the
/// direction of travel (wider the faster it goes, as ``Virtualizer``'s), then
/// the band behind; within a band, nearest to the direction of travel first.
/// Requests are whole pages of `pageSize` photos aligned in their month (so two
/// scroll frames ask for the same pages), minus what is loaded or in flight,
/// and at most `maximumInFlight` are outstanding. Above `scrubSpeed` nothing new
/// is asked: what is on screen will be gone before it arrives. Whatever is in
/// flight outside the bands widened by `cancelMargin` viewports is cancelled,
/// which is what a fast scrub leaves behind.
///
/// What is loaded comes from the layout (its runs); what is in flight, from the
/// planner's own list.
public struct TimelinePlanner: Sendable {
    public struct Configuration: Equatable, Sendable {
        /// Photos per request (a server page).
        public var pageSize: Int = 200
        /// Requests outstanding at once.
        public var maximumInFlight: Int = 4
        /// Speed (px/ms) above which nothing new is requested.
        public var scrubSpeed: Double = 30
        /// In-flight loads within this many viewport heights beyond the bands are kept.
        public var cancelMargin: Double = 1
        /// The bands around the viewport.
        public var margins = Virtualizer.Configuration()
        public init() {}
    }

    public var configuration: Configuration
    public private(set) var inFlight: [TimelineRequest] = []
    var nextID: Int32 = 1

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A load id no other load in flight has: the planner's own, and those of loads the session plans
    /// itself (the read of places held in part).
    public mutating func takeID() -> Int32 {
        let id = nextID
        nextID = nextID < Int32.max ? nextID + 1 : 1
        return id
    }

    /// Forgets what is in flight (e.g. after the months were replaced).
    public mutating func reset() { inFlight.removeAll() }

    /// Marks request `id` done (loaded, failed or aborted); returns it, or nil if unknown.
    @discardableResult
    public mutating func finish(id: Int32) -> TimelineRequest? {
        for k in 0..<inFlight.count where inFlight[k].id == id { return inFlight.remove(at: k) }
        return nil
    }

    /// One decision for the viewport at `contentOffset` (content y of its top)
    /// moving at `velocity` px/ms (positive down).
    public mutating func plan(
        layout: TimelineLayout, contentOffset: Double, viewportHeight: Double, velocity: Double
    ) -> TimelinePlan {
        var plan = TimelinePlan(requests: [], cancelled: [])
        let c = configuration
        let vh = viewportHeight > 0 ? viewportHeight : 0
        let top = contentOffset.isFinite ? contentOffset : 0
        let bottom = top + vh
        let v = velocity.isFinite ? velocity : 0
        let (above, below) = c.margins.margins(viewportHeight: vh, velocity: v)
        let margin = c.cancelMargin > 0 ? c.cancelMargin * vh : 0

        let keep = layout.spans(top: top - above - margin, bottom: bottom + below + margin)
        var k = 0
        while k < inFlight.count {
            if Self.intersects(inFlight[k], keep) {
                k += 1
            } else {
                plan.cancelled.append(inFlight.remove(at: k))
            }
        }

        let speed = v < 0 ? -v : v
        guard speed <= c.scrubSpeed else { return plan }
        let up = v < -c.margins.restSpeed
        let ahead = up ? (top - above, top) : (bottom, bottom + below)
        let behind = up ? (bottom, bottom + below) : (top - above, top)
        for band in [(top, bottom), ahead, behind] {
            var spans = layout.spans(top: band.0, bottom: band.1)
            if up { spans.reverse() }
            for span in spans where !span.items.isEmpty {
                if !request(span, in: layout, upward: up, into: &plan) { return plan }
            }
        }
        return plan
    }

    /// Requests the missing pages of `span`; false once the in-flight limit is reached.
    mutating func request(
        _ span: TimelineSpan, in layout: TimelineLayout, upward: Bool, into plan: inout TimelinePlan
    ) -> Bool {
        let page = configuration.pageSize > 0 ? configuration.pageSize : 1
        let count = layout.month(of: span.section)?.count ?? 0
        let firstPage = span.items.lowerBound / page
        let lastPage = (span.items.upperBound - 1) / page
        var occupied = layout.loadedRanges(ofSection: span.section)
        for r in inFlight where r.section == span.section { occupied.append(r.items) }
        var p = upward ? lastPage : firstPage
        while p >= firstPage && p <= lastPage {
            let start = p * page
            let end = count - start > page ? start + page : count
            var pieces = Self.missing(start..<end, occupied: occupied)
            if upward { pieces.reverse() }
            for piece in pieces {
                guard inFlight.count < configuration.maximumInFlight else { return false }
                let r = TimelineRequest(id: takeID(), section: span.section, items: piece)
                inFlight.append(r)
                occupied.append(piece)
                plan.requests.append(r)
            }
            p += upward ? -1 : 1
        }
        return inFlight.count < configuration.maximumInFlight
    }

    /// The parts of `range` that no range of `occupied` covers, in order.
    static func missing(_ range: Range<Int>, occupied: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var at = range.lowerBound
        while at < range.upperBound {
            // The occupied range holding `at`, else the nearest one starting after it.
            var next = range.upperBound
            var covered = -1
            for o in occupied {
                if o.lowerBound <= at && at < o.upperBound {
                    covered = o.upperBound > covered ? o.upperBound : covered
                } else if o.lowerBound > at && o.lowerBound < next {
                    next = o.lowerBound
                }
            }
            if covered >= 0 {
                at = covered
            } else {
                out.append(at..<next)
                at = next
            }
        }
        return out
    }

    static func intersects(_ r: TimelineRequest, _ spans: [TimelineSpan]) -> Bool {
        for s in spans where s.section == r.section && s.items.overlaps(r.items) { return true }
        return false
    }
}
