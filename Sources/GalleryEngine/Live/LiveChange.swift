/// One change-feed message, as every gallery client applies it: a photo is inserted, updated (its
/// time may have moved it) or deleted.
public struct LiveChange<Photo> {
    public enum Kind: Int32, Sendable {
        case insert = 0
        case update = 1
        case delete = 2
    }

    public var kind: Kind
    public var id: [UInt8]
    /// The photo's sort key after the change (ignored for a delete).
    public var key: PhotoSortKey
    /// The photo after the change; nil for a delete.
    public var photo: Photo?

    public init(kind: Kind, id: [UInt8], key: PhotoSortKey, photo: Photo?) {
        self.kind = kind
        self.id = id
        self.key = key
        self.photo = photo
    }
}

/// What a change did to a run of places, for the client to mirror and to know whether its counts
/// still hold.
public struct LiveOutcome: Equatable, Sendable {
    /// The index of the place removed (the photo's old one), if any.
    public var removed: Int?
    /// The index of the place inserted, if any; it holds the photo when `isExact`, else it is an
    /// unknown place of a gap.
    public var inserted: Int?
    public var isExact: Bool = false
    /// The photo was updated where it was (same place, new data).
    public var replaced: Int?
    /// Where the photo was is unknown (a change, a delete included, to a photo that is not loaded): the
    /// run's count may be off by one, and the client should read the counts again.
    public var isUncertain: Bool = false

    public init() {}
}

/// How a run of places follows change-feed messages.
public struct LiveChangeRules: Equatable, Sendable {
    /// Whether the run's top is the top of the whole order (a month; a list from the newest photo).
    public var boundedAbove: Bool
    /// Whether the run's end is the end of the whole order (a month; a list with every page in).
    public var boundedBelow: Bool
    /// Whether the run keeps unknown places: a month's count includes photos not loaded yet, so a new
    /// photo that falls in a gap becomes an unknown place there. A list of pages holds only what is
    /// loaded, so such a photo is left for the page that will bring it.
    public var keepsGaps: Bool
    /// Whether the run is filtered (text, tags): whether a new photo matches is the server's to say, so
    /// inserts are not placed; updates and deletes of the photos here still apply.
    public var isFiltered: Bool
    /// Whether the order is by date; a relevance order only takes updates in place and deletes.
    public var isOrderedByDate: Bool

    public init(
        boundedAbove: Bool, boundedBelow: Bool, keepsGaps: Bool, isFiltered: Bool = false,
        isOrderedByDate: Bool = true
    ) {
        self.boundedAbove = boundedAbove
        self.boundedBelow = boundedBelow
        self.keepsGaps = keepsGaps
        self.isFiltered = isFiltered
        self.isOrderedByDate = isOrderedByDate
    }

    /// Applies `change` to `places`. The photo leaves its old place and goes where its sort key says:
    /// the exact index when the photos around it are known, else (when the run keeps gaps) an unknown
    /// place of the gap it falls in, the places after it moving down one, as they do on the server.
    /// A photo updated without a change of its key stays where it is. A change to a photo that is not
    /// here cannot say where it was: it goes in only where its place is exact, and the outcome is
    /// uncertain; a delete of such a photo is uncertain too, since it may have been one of the places
    /// not loaded. Applying a change twice to a run without gaps gives what applying it once gives,
    /// but for that uncertainty.
    @discardableResult
    public func apply<Places: LivePlaces>(_ change: LiveChange<Places.Photo>, to places: inout Places) -> LiveOutcome {
        var outcome = LiveOutcome()
        let at = places.index(of: change.id)
        guard change.kind != .delete, let photo = change.photo else {
            if let at {
                places.remove(at: at)
                outcome.removed = at
            } else {
                outcome.isUncertain = true
            }
            return outcome
        }
        if let at {
            if !isOrderedByDate || places.key(at: at) == change.key {
                places.replace(at: at, with: photo)
                outcome.replaced = at
                return outcome
            }
            places.remove(at: at)
            outcome.removed = at
        } else {
            if isFiltered { return outcome }
            if change.kind != .insert { outcome.isUncertain = true }
        }
        guard isOrderedByDate else { return outcome }
        let place = LivePlacement.place(
            change.key, in: places, boundedAbove: boundedAbove, boundedBelow: boundedBelow)
        let known = at != nil || change.kind == .insert
        if place.isExact {
            places.insert(photo, at: place.index)
        } else if keepsGaps && known {
            places.insert(nil, at: place.index)
        } else {
            return outcome
        }
        outcome.inserted = place.index
        outcome.isExact = place.isExact
        return outcome
    }

    /// Applies `changes` to `places` in order, as one change after another; the outcome of each, in
    /// order, each against the run as the changes before it left it.
    public func apply<Places: LivePlaces>(
        _ changes: [LiveChange<Places.Photo>], to places: inout Places
    )
        -> [LiveOutcome]
    {
        var outcomes: [LiveOutcome] = []
        outcomes.reserveCapacity(changes.count)
        for change in changes { outcomes.append(apply(change, to: &places)) }
        return outcomes
    }
}
