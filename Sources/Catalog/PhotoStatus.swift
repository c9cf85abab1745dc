import Foundation

/// Where a photo's rendering stands. An import renders before it records the photo, so its photos are
/// `ready` from the start. An upload records its original first and answers, so its photo is `processing`
/// until a worker has rendered its preview and thumbs, and `failed` when every attempt to render them did.
///
/// Stored as its raw value; a value this release does not know reads as `processing`, so a client never
/// asks for variants a newer release has not promised.
public enum PhotoStatus: String, Sendable, Codable, CaseIterable {
    case ready, processing, failed

    /// The stored text read leniently (see the type's comment).
    public init(stored: String) { self = PhotoStatus(rawValue: stored) ?? .processing }
}

/// What a render learns of a photo's pixels, beside its variants: the placeholder a tile shows while its
/// thumb loads, and the colour the grey-scale search reads.
public struct PhotoAppearance: Sendable, Equatable {
    public var thumbHash: Data
    /// `#rrggbb`.
    public var averageColor: String
    public var colorfulness: Double

    public init(thumbHash: Data, averageColor: String, colorfulness: Double) {
        self.thumbHash = thumbHash
        self.averageColor = averageColor
        self.colorfulness = colorfulness
    }
}
