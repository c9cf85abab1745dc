/// One gallery screen as a state machine: events in (`GalleryEvent`), a frame out (`GalleryFrame`).
///
/// It owns the timeline's layout and its load planner, and applies `GalleryPolicy` and `RetryPolicy`:
/// the velocity over the policy's window, the fling's lead and its larger pages, the retry timers, and
/// which photo the viewer shows after a delete. Every client drives the same decisions with it.
public final class GallerySession {
    public let policy: GalleryPolicy
    public let retry: RetryPolicy
    public let layout: TimelineLayout
    /// The load planner: what is in flight.
    public private(set) var planner: TimelinePlanner
    var tracker: VelocityTracker
    public private(set) var width: Double
    public private(set) var height: Double = 0
    public private(set) var density: Double = 1
    public private(set) var offset: Double = 0
    public private(set) var velocity: Double = 0
    /// A page's round trip (ms), averaged: how far ahead a fling plans.
    public private(set) var roundTrip: Double = 50
    var scrubbing = false
    var failures = 0
    var retryAt: Double?
    var failureStands = false
    var now: Double = 0
    /// Loads started and when, for their round trip.
    var sentIDs: [Int32] = []
    var sentTimes: [Double] = []
    public private(set) var viewer: Int?
    var viewerCount = 0

    public init(
        configuration: TimelineConfiguration, policy: GalleryPolicy = GalleryPolicy(),
        retry: RetryPolicy = RetryPolicy()
    ) {
        self.policy = policy
        self.retry = retry
        layout = TimelineLayout(configuration: configuration)
        width = configuration.layout.width
        var planning = TimelinePlanner.Configuration()
        planning.pageSize = policy.pageSize
        planning.maximumInFlight = 6
        planning.scrubSpeed = 1e6
        planning.margins.lookaheadMilliseconds = 500
        planning.margins.maximumOverscan = 40
        planner = TimelinePlanner(configuration: planning)
        tracker = VelocityTracker(window: policy.velocityWindow)
    }

    /// The furthest scroll position.
    public var maximumOffset: Double {
        let m = layout.contentHeight - height
        return m > 0 ? m : 0
    }

    /// Takes `event` and returns what to do.
    public func handle(_ event: GalleryEvent) -> GalleryFrame {
        var frame = GalleryFrame()
        switch event {
        case .viewport(let w, let h, let d):
            height = h.isFinite && h > 0 ? h : 0
            density = d.isFinite && d > 0 ? d : 1
            if w.isFinite && w > 0 && w != width {
                width = w
                var c = layout.configuration
                c.layout.width = w
                scroll(by: layout.reconfigure(c, anchorY: offset), &frame)
            }
        case .months(let months):
            frame.cancel = planner.inFlight
            planner.reset()
            sentIDs.removeAll()
            sentTimes.removeAll()
            layout.setMonths(months)
            offset = 0
            tracker.reset()
            velocity = 0
            frame.scrollTo = 0
        case .scroll(let y, let time):
            now = time
            offset = clamp(y)
            tracker.add(time: time, x: 0, y: offset)
            velocity = tracker.velocity().y
        case .key(let key):
            offset = key == .home ? 0 : maximumOffset
            tracker.reset()
            velocity = 0
            frame.scrollTo = offset
        case .scrubbing(let on):
            scrubbing = on
            tracker.reset()
            velocity = 0
        case .pageArrived(let id, let aspects, let time):
            now = time
            arrived(id, time)
            if let request = planner.finish(id: id) {
                failures = 0
                let at = request.items.lowerBound
                scroll(
                    by: layout.setItems(section: request.section, start: at, aspectRatios: aspects, anchorY: offset),
                    &frame)
            }
        case .pageFailed(let id, let time):
            now = time
            arrived(id, time)
            if planner.finish(id: id) != nil { failed(time) }
        case .retryNow(let time):
            now = time
            failures = 0
            retryAt = nil
            failureStands = false
        case .tick(let time):
            now = time
            if let at = retryAt, time >= at { retryAt = nil }
            tracker.add(time: time, x: 0, y: offset)
            velocity = tracker.velocity().y
        case .inserted(let section, let index, let aspects):
            scroll(by: layout.insertItems(section: section, at: index, aspectRatios: aspects, anchorY: offset), &frame)
        case .viewer(let index, let count):
            viewerCount = count > 0 ? count : 0
            viewer = index.flatMap { $0 >= 0 && $0 < viewerCount ? $0 : nil }
        case .removed(let indices):
            removed(indices)
        }
        plan(&frame)
        return frame
    }

    func clamp(_ y: Double) -> Double {
        guard y.isFinite else { return offset }
        return y < 0 ? 0 : (y > maximumOffset ? maximumOffset : y)
    }

    func scroll(by correction: Double, _ frame: inout GalleryFrame) {
        guard correction != 0, correction.isFinite else { return }
        offset = clamp(offset + correction)
        frame.scrollTo = offset
    }

    /// Records a load's round trip.
    func arrived(_ id: Int32, _ time: Double) {
        guard let k = forget(id) else { return }
        let trip = time - k
        if trip.isFinite && trip >= 0 {
            let average = 0.8 * roundTrip + 0.2 * trip
            roundTrip = average < 1000 ? average : 1000
        }
    }

    /// Forgets load `id`; returns when it was started.
    @discardableResult
    func forget(_ id: Int32) -> Double? {
        var k = 0
        while k < sentIDs.count {
            if sentIDs[k] == id {
                sentIDs.remove(at: k)
                return sentTimes.remove(at: k)
            }
            k += 1
        }
        return nil
    }

    /// A failure starts a wait, unless one is running: the loads in flight that fail with it belong to
    /// the same outage, and count once.
    func failed(_ time: Double) {
        guard retryAt == nil, !failureStands else { return }
        failures += 1
        if let delay = retry.delay(afterFailures: failures) {
            retryAt = time + delay
        } else {
            retryAt = nil
            failureStands = true
        }
    }

    /// The viewer follows its photo, or the nearest one after it that stayed (else before it), after
    /// photos left its list; it closes when none did.
    func removed(_ indices: [Int]) {
        let oldCount = viewerCount
        var gone = 0
        var k = 0
        while k < oldCount && gone < indices.count {
            if Self.holds(indices, k) { gone += 1 }
            k += 1
        }
        viewerCount = oldCount - gone
        guard let current = viewer else { return }
        guard let kept = GalleryPolicy.follow(current: current, oldCount: oldCount, stays: { !Self.holds(indices, $0) })
        else {
            viewer = nil
            return
        }
        var before = 0
        for i in 0..<kept where Self.holds(indices, i) { before += 1 }
        viewer = kept - before
    }

    static func holds(_ indices: [Int], _ i: Int) -> Bool {
        var k = 0
        while k < indices.count {
            if indices[k] == i { return true }
            k += 1
        }
        return false
    }

    /// The loads for where the screen is, or will be when they arrive.
    func plan(_ frame: inout GalleryFrame) {
        let lead = scrubbing ? 0 : policy.flingLead(velocity: velocity, roundTrip: roundTrip)
        planner.configuration.pageSize = policy.pageSize(lead: lead)
        planner.configuration.cancelMargin = policy.cancelMargin(lead: lead, viewportHeight: height)
        let at = clamp(offset + lead)
        let blocked = scrubbing || retryAt != nil || failureStands
        let p = planner.plan(
            layout: layout, contentOffset: at, viewportHeight: height, velocity: scrubbing ? 1e9 : velocity)
        for r in p.cancelled {
            frame.cancel.append(r)
            forget(r.id)
        }
        for r in p.requests {
            if blocked {
                planner.finish(id: r.id)
            } else {
                frame.start.append(r)
                sentIDs.append(r.id)
                sentTimes.append(now)
            }
        }
        frame.contentHeight = layout.contentHeight
        frame.velocity = velocity
        frame.isFling = policy.isFling(velocity: velocity)
        frame.pageSize = planner.configuration.pageSize
        frame.retryAt = retryAt
        frame.failureStands = failureStands
        frame.visible = layout.spans(top: offset, bottom: offset + height)
        frame.viewer = viewer
    }
}
