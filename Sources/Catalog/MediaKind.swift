/// What a catalog item is: a still photo, or a video clip shown by its poster frame and played from its
/// original. Stored as its raw value; a value this release does not know reads as a photo, whose variants
/// every item has.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    case photo, video

    /// The stored text read leniently (see the type's comment).
    public init(stored: String) { self = MediaKind(rawValue: stored) ?? .photo }
}
