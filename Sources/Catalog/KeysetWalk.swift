/// The reads one keyset page takes, and the page they add up to: every catalog pages the same way, and
/// only the read itself (`Read`, one walk of its `(takenAt, id)` index) is the catalog's own.
///
/// A walk asks for one row more than the page holds, which tells whether an older page follows, and then,
/// when the page did not start at the top, probes one row beyond its newest item, which tells whether a
/// newer page precedes. It is a value driven by its caller, so a catalog whose reads are synchronous (inside
/// one SQLite transaction) and one whose reads are asynchronous (one PostgreSQL connection) run the same
/// decisions:
///
///     var walk = KeysetWalk.older(after: cursor, offset: offset, limit: limit)
///     while let read = walk.read { walk.received(try rows(read)) }
public struct KeysetWalk: Sendable {
    /// One walk of the index: up to `limit` matches on `direction`'s side of `from` (the top when nil),
    /// nearest first, skipping the first `offset` of them.
    public struct Read: Sendable, Equatable {
        public var from: PageCursor?
        public var direction: PageDirection
        public var offset: Int
        public var limit: Int

        public init(from: PageCursor?, direction: PageDirection, offset: Int = 0, limit: Int) {
            self.from = from
            self.direction = direction
            self.offset = offset
            self.limit = limit
        }
    }

    private enum Stage: Sendable {
        case page, probe, done
    }

    private let direction: PageDirection
    private let start: PageCursor?
    private let offset: Int
    private let limit: Int
    private var stage = Stage.page
    /// The page's photos, newest first, once `read` is nil.
    public private(set) var photos: [PhotoRecord] = []
    /// Whether matches lie beyond the page on the side it was read towards.
    private var hasFurther = false
    /// Whether matches lie on the other side of the page, towards `start`.
    private var hasBehind = false

    private init(direction: PageDirection, start: PageCursor?, offset: Int, limit: Int) {
        self.direction = direction
        self.start = start
        self.offset = max(0, offset)
        // One more row than the page is read: the largest limit leaves room for it.
        self.limit = min(max(0, limit), Int.max - 1)
    }

    /// The page strictly after `cursor` in the newest-first order (from the top when nil), skipping `offset`
    /// matches: `PhotoReading.page(after:offset:limit:filter:)`.
    public static func older(after cursor: PageCursor?, offset: Int, limit: Int) -> KeysetWalk {
        KeysetWalk(direction: .older, start: cursor, offset: offset, limit: limit)
    }

    /// The `limit` matches just newer than `cursor`, returned newest first: `PhotoReading.page(before:…)`.
    public static func newer(before cursor: PageCursor, limit: Int) -> KeysetWalk {
        KeysetWalk(direction: .newer, start: cursor, offset: 0, limit: limit)
    }

    /// The next read to make; nil when the page is complete.
    public var read: Read? {
        switch stage {
        case .page: Read(from: start, direction: direction, offset: offset, limit: limit + 1)
        case .probe:
            direction == .older
                ? photos.first.map { Read(from: $0.cursor, direction: .newer, limit: 1) }
                : photos.last.map { Read(from: $0.cursor, direction: .older, limit: 1) }
        case .done: nil
        }
    }

    /// The rows `read` asked for, nearest first.
    public mutating func received(_ rows: [PhotoRecord]) {
        switch stage {
        case .page:
            hasFurther = rows.count > limit
            photos = Array(rows.prefix(limit))
            if direction == .newer { photos.reverse() }
            // Rows skipped by the offset are newer matches; otherwise a page read from a position probes one
            // row past its newest item. A page read upwards always probes below its oldest.
            let skippedNewer = direction == .older && offset > 0 && !photos.isEmpty
            hasBehind = skippedNewer
            let probes = direction == .newer || (start != nil && !skippedNewer)
            stage = probes && !photos.isEmpty ? .probe : .done
        case .probe:
            hasBehind = !rows.isEmpty
            stage = .done
        case .done:
            break
        }
    }

    /// Where the next (older) page starts: the page's last item, when an older match follows it.
    public var nextCursor: PageCursor? {
        (direction == .older ? hasFurther : hasBehind) ? photos.last?.cursor : nil
    }

    /// Where the page just newer ends: the page's first item, when a newer match precedes it.
    public var previousCursor: PageCursor? {
        (direction == .older ? hasBehind : hasFurther) ? photos.first?.cursor : nil
    }
}

extension PhotoRecord {
    /// The photo's place in the newest-first order.
    public var cursor: PageCursor { PageCursor(takenAt: takenAt, id: id) }
}

extension CatalogPage {
    /// A completed walk's page, its photos joined with `variants` (by photo id).
    public init(_ walk: KeysetWalk, variants: [String: [VariantKind: VariantRecord]], total: Int) {
        self.init(
            items: walk.photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) },
            nextCursor: walk.nextCursor, previousCursor: walk.previousCursor, total: total)
    }
}
