/// A run of places in the newest-first order that a client holds photos for: a month of the web
/// timeline (whose places are known from its count, loaded or not), or VitrineKit's list of the pages
/// loaded so far. `LiveChange` moves photos in it.
public protocol LivePlaces {
    associatedtype Photo
    /// Places in the run, loaded or not.
    var count: Int { get }
    /// The sort key of the photo at `index`, or nil when that place is not loaded.
    func key(at index: Int) -> PhotoSortKey?
    /// The index of the loaded photo with this id, if any.
    func index(of id: [UInt8]) -> Int?
    mutating func remove(at index: Int)
    /// Inserts a place at `index`: loaded with `photo`, or not loaded when nil.
    mutating func insert(_ photo: Photo?, at index: Int)
    mutating func replace(at index: Int, with photo: Photo)
    /// Whether the place at `index` is loaded.
    func isLoaded(at index: Int) -> Bool
    /// The first index whose place is loaded with a photo that does not come before `key`, or `count`.
    func firstIndex(notNewerThan key: PhotoSortKey) -> Int
}

extension LivePlaces {
    public func isLoaded(at index: Int) -> Bool { key(at: index) != nil }

    public func firstIndex(notNewerThan key: PhotoSortKey) -> Int {
        var index = 0
        while index < count {
            if let existing = self.key(at: index), !existing.isNewer(than: key) { break }
            index += 1
        }
        return index
    }
}

/// Where a photo goes in a run of places.
public struct LivePlacement: Equatable, Sendable {
    /// The index the photo's place gets.
    public var index: Int
    /// Whether the places on both sides are known, so the photo is exactly there. Otherwise the place is
    /// one of the unknown places of a gap (every place in a gap is unknown alike).
    public var isExact: Bool

    public init(index: Int, isExact: Bool) {
        self.index = index
        self.isExact = isExact
    }

    /// The place of `key` in `places`: just above the first loaded photo that does not come before it
    /// (or at the end). It is exact when the place above it is loaded or the run's known top
    /// (`boundedAbove`), and the place below it is loaded or the run's known end (`boundedBelow`).
    ///
    /// A month is bounded on both sides (its photos are exactly those of its dates); a list of pages from
    /// the newest photo on is bounded above, and below only once every page is in.
    public static func place<Places: LivePlaces>(
        _ key: PhotoSortKey, in places: Places, boundedAbove: Bool, boundedBelow: Bool
    ) -> LivePlacement {
        let count = places.count
        let index = places.firstIndex(notNewerThan: key)
        let above = index == 0 ? boundedAbove : places.isLoaded(at: index - 1)
        let below = index < count || boundedBelow
        return LivePlacement(index: index, isExact: above && below)
    }
}
