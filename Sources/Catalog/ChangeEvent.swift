/// One entry of the live feed: a photo was inserted, updated or deleted, or an album changed (its photos,
/// title, cover, or the album itself: `photoId` is then the album's id).
public struct ChangeEvent: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case insert, update, delete, album
    }

    /// Strictly increasing; the SSE event id a client resumes from. Nil until the catalog assigned it.
    public var seq: Int64?
    public var kind: Kind
    public var photoId: String
    /// The photo's `takenAt` when the change happened, so a delete still says where the photo was.
    public var sortTakenAt: Int64
    /// Milliseconds since the epoch.
    public var at: Int64

    public init(seq: Int64? = nil, kind: Kind, photoId: String, sortTakenAt: Int64, at: Int64) {
        self.seq = seq
        self.kind = kind
        self.photoId = photoId
        self.sortTakenAt = sortTakenAt
        self.at = at
    }
}
