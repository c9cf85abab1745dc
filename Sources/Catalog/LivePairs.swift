import VitrineCore

/// Which half of a Live Photo an item is: the still shown in the grid, or the clip that plays when it is
/// held.
public enum LivePart: String, Sendable, CaseIterable {
    case still, clip

    public var other: LivePart { self == .still ? .clip : .still }
}

/// The Live Photos a catalog is assembling: stills and clips recorded under the identifier they share, so
/// the two parts find each other whichever comes first, in one batch or in two.
///
/// A clip whose still has not arrived is an item of its own (a video, shown as any clip is); once paired,
/// it is the still's `motion`.
public protocol LivePairs: Sendable {
    /// Records `photoId` as the `part` of the Live Photo `identifier`, and returns the photo holding the
    /// other part when the catalog has one that can pair: for a clip, the oldest still without motion; for a
    /// still, the oldest clip on its own. Serialised per identifier, so two parts recorded at once find each
    /// other. Nil when `photoId` is gone.
    func recordLivePart(_ part: LivePart, identifier: String, photoId: String) async throws -> String?
    /// Makes the clip `clipId` the motion of the still `stillId`, in one transaction: the clip's original
    /// becomes the still's `motion` variant and its web rendition the still's `motionWeb`; the clip's row
    /// goes (announced as a delete) and the still is announced as updated. Returns the blob keys the clip's
    /// row pointed at, to collect (the two that moved stay referenced); nil when either is gone, the still
    /// has motion already, or they are not a photo and a clip. `jobs` (the motion's rendition) are enqueued
    /// in the same transaction.
    func attachMotion(
        clip clipId: String, toStill stillId: String, jobs: [JobRequest], now: Int64
    ) async throws
        -> [BlobKey]?
    /// The photo whose motion is the blob `key`: a clip imported again after it was paired is that photo's
    /// duplicate.
    func stillHolding(motion key: BlobKey) async throws -> String?
}

extension LivePairs {
    public func attachMotion(clip clipId: String, toStill stillId: String) async throws -> [BlobKey]? {
        try await attachMotion(clip: clipId, toStill: stillId, jobs: [], now: 0)
    }
}
