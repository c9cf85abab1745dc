/// One gallery screen as a state machine: events in (`GalleryEvent`), a frame out (`GalleryFrame`).
///
/// It owns the timeline's layout and its load planner, and applies `GalleryPolicy` and `RetryPolicy`:
/// the velocity over the policy's window and its stop when the scroll goes idle, the fling's lead and
/// its larger pages, the loads at a time, the retry timers, the cold start's hold, the bands to mount
/// and to keep, the long press on a tile, the selection, the page keys, and which photo the viewer shows after a
/// delete. Every client drives the same
/// decisions with it; a client only renders its frames.
public final class GallerySession {
    public let policy: GalleryPolicy
    public let retry: RetryPolicy
    public let layout: TimelineLayout
    /// The load planner: the loads in flight still wanted.
    public internal(set) var planner: TimelinePlanner
    /// The scroll samples within the velocity window, oldest first, and the one just before it: (time,
    /// offset) pairs.
    let trail = UnsafeMutablePointer<Double>.allocate(capacity: 2 * trailCapacity)
    var trailCount = 0
    public internal(set) var width: Double
    public internal(set) var height: Double = 0
    public internal(set) var density: Double = 1
    public internal(set) var offset: Double = 0
    public internal(set) var velocity: Double = 0
    /// The time of the last scroll sample, nil when the scroll is at rest.
    var lastSample: Double?
    /// A page's round trip (ms), averaged: how far ahead a fling plans.
    public internal(set) var roundTrip: Double
    var scrubbing = false
    /// A cold start: only the screen mounts and loads until `release`.
    public internal(set) var holding = true
    var failures = 0
    var retryAt: Double?
    var failureStands = false
    var now: Double = 0
    /// Every load started and not yet arrived or failed, and when it started: those the planner still
    /// wants and those it let go, which arrive all the same.
    var sent: [TimelineRequest] = []
    var sentTimes: [Double] = []
    public internal(set) var viewer: Int?
    var viewerCount = 0
    /// A touch that may become a long press, and when the last one opened the menu.
    var press: GalleryPress?
    var pressedAt = -Double.infinity
    /// The photos selected, as library index ranges; the tile the last click named (Shift extends from
    /// it); a long press painting a run.
    public internal(set) var selection = IndexRanges()
    /// Whether the screen offers a selection at all: where nothing can be done with one (a share link that
    /// allows no download), a click always opens, and headings, select-all and a long press select nothing.
    public var offersSelection = true
    var selectAnchor: Int?
    var paint: GalleryPaint?
    /// The library indices the client holds in part, not read again yet (none when empty); the id of
    /// their read in flight (0: none); whether the client needs them in full now
    /// (`GallerySession+Completion`).
    public internal(set) var partialLo = 0
    public internal(set) var partialHi = 0
    var readingID: Int32 = 0
    var wantsFull = false

    public init(
        configuration: TimelineConfiguration, policy: GalleryPolicy = GalleryPolicy(),
        retry: RetryPolicy = RetryPolicy()
    ) {
        self.policy = policy
        self.retry = retry
        layout = TimelineLayout(configuration: configuration)
        width = configuration.layout.width
        planner = TimelinePlanner(configuration: policy.loads)
        roundTrip = GalleryPolicy.initialRoundTrip
    }

    deinit { trail.deallocate() }

    /// The furthest scroll position.
    public var maximumOffset: Double {
        let m = layout.contentHeight - height
        return m > 0 ? m : 0
    }

    /// The content y the view holds still through a change: the line under the top bar.
    var anchorLine: Double { offset + layout.configuration.layout.insets.top }

    /// Takes `event` and returns what to do. Each event has a method of its own, which the wasm exports
    /// call with their buffers; a module links only the events its binding sends.
    public func handle(_ event: GalleryEvent) -> GalleryFrame {
        switch event {
        case .viewport(let w, let h, let d): return respond { viewport(width: w, height: h, density: d, &$0) }
        case .layout(let configuration): return respond { relayout(configuration, &$0) }
        case .months(let months): return respond { replaceMonths({ $0.setMonths(months) }, &$0) }
        case .placed(let section, let start, let aspects):
            return aspects.withUnsafeBufferPointer { a in
                respond { placed(section: section, start: start, aspectRatios: a, &$0) }
            }
        case .release: return respond { release(&$0) }
        case .scroll(let y, let time): return respond { scroll(offset: y, time: time, &$0) }
        case .jump(let y): return respond { jump(offset: y, &$0) }
        case .key(let key): return respond { press(key, &$0) }
        case .scrubbing(let on): return respond { scrubbing(on, &$0) }
        case .pageArrived(let id, let aspects, let time):
            return aspects.withUnsafeBufferPointer { a in
                respond { pageArrived(id: id, aspectRatios: a, time: time, &$0) }
            }
        case .pageFailed(let id, let time): return respond { pageFailed(id: id, time: time, &$0) }
        case .retryNow(let time): return respond { retryNow(time: time, &$0) }
        case .tick(let time): return respond { tick(time: time, &$0) }
        case .inserted(let section, let index, let aspects):
            return aspects.withUnsafeBufferPointer { a in
                respond { spliced(section: section, at: index, removing: 0, aspectRatios: a, &$0) }
            }
        case .deleted(let section, let index):
            return respond {
                spliced(
                    section: section, at: index, removing: 1, aspectRatios: UnsafeBufferPointer(start: nil, count: 0),
                    &$0)
            }
        case .viewer(let index, let count): return respond { openViewer(index, count: count, &$0) }
        case .removed(let indices): return respond { removed(indices, &$0) }
        case .pointer(let phase, let x, let y, let id, let time, let item):
            return respond { pointer(phase, x: x, y: y, id: id, time: time, item: item, &$0) }
        case .select(let action): return respond { select(action, &$0) }
        case .partial(let section, let start, let count):
            return respond { _ in held(section: section, start: start, count: count) }
        case .wantsFull: return respond { _ in readInFull() }
        }
    }

    /// Runs one event (`change` says whether the loads are planned again) and returns its frame: the
    /// loads, and what the screen shows and keeps.
    func respond(_ change: (inout GalleryFrame) -> Bool) -> GalleryFrame {
        var frame = GalleryFrame()
        let planning = change(&frame)
        complete(&frame, planning: planning)
        return frame
    }

    /// Plans the loads when the event may change them, and says what the screen shows and keeps.
    func complete(_ frame: inout GalleryFrame, planning: Bool) {
        if planning { plan(&frame) }
        describe(&frame)
    }

    /// The clock moves on (never back): a retry whose time came is due.
    func advance(to time: Double) {
        if time.isFinite && time > now { now = time }
        if let at = retryAt, now >= at { retryAt = nil }
    }

    /// The scroll is at rest: a jump, a drag of the scrubber, or no sample for a while.
    func stop() {
        trailCount = 0
        velocity = 0
        lastSample = nil
    }

    func clamp(_ y: Double) -> Double {
        guard y.isFinite else { return offset }
        return y < 0 ? 0 : (y > maximumOffset ? maximumOffset : y)
    }

    /// Moves the view by a layout change's correction: a jump, not a movement.
    func scroll(by correction: Double, _ frame: inout GalleryFrame) {
        guard correction != 0, correction.isFinite else { return }
        offset = clamp(offset + correction)
        stop()
        frame.scrollTo = offset
    }

    func reconfigure(_ configuration: TimelineConfiguration, _ frame: inout GalleryFrame) {
        width = configuration.layout.width
        scroll(by: layout.reconfigure(configuration, anchorY: anchorLine), &frame)
    }

    /// What the screen shows and keeps, and when to come back.
    func describe(_ frame: inout GalleryFrame) {
        frame.offset = offset
        frame.contentHeight = layout.contentHeight
        frame.velocity = velocity
        frame.isFling = policy.isFling(velocity: velocity)
        frame.pageSize = planner.configuration.pageSize
        frame.retryAt = retryAt
        frame.failureStands = failureStands
        frame.holding = holding
        if let last = lastSample, velocity != 0 {
            let idle = last + GalleryPolicy.scrollIdle
            frame.tickAt = retryAt.map { $0 < idle ? $0 : idle } ?? idle
        } else {
            frame.tickAt = retryAt
        }
        if let deadline = pressDeadline, frame.tickAt.map({ deadline < $0 }) ?? true { frame.tickAt = deadline }
        frame.visible = layout.spans(top: offset, bottom: offset + height)
        let screen = GalleryBand(top: offset, bottom: offset + height)
        let ahead = holding ? GalleryPolicy.firstScreenAhead : GalleryPolicy.mountAhead
        let window = policy.mountBand(offset: offset, height: height, velocity: velocity, ahead: ahead)
        frame.mount = holding ? screen : window
        frame.reach = window
        frame.retain = policy.retainBand(offset: offset, height: height, velocity: velocity)
        frame.viewer = viewer
        frame.selected = selection.count
        frame.painting = paint != nil
        frame.partial = partialLeft
    }
}
