/// One Server-Sent Event of `GET /api/v1/events`: a photo was inserted, updated or deleted.
public struct ChangeMessage: Codable, Sendable, Equatable {
    public var seq: Int64
    /// `insert`, `update` or `delete`.
    public var kind: String
    public var id: String
    /// Where the photo sits in the newest-first order: takenAt (ms) then id, both descending.
    public var sortKey: SortKey
    /// The photo as a grid shows it; nil for a delete, or when it was deleted since.
    public var photo: PhotoSummary?
    /// Photos in the catalog after this change.
    public var total: Int

    public struct SortKey: Codable, Sendable, Equatable {
        public var takenAt: Int64
        public var id: String

        public init(takenAt: Int64, id: String) {
            self.takenAt = takenAt
            self.id = id
        }

        /// A two-element JSON array, `[takenAt, id]`, cheap to compare in a client.
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            takenAt = try container.decode(Int64.self)
            id = try container.decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(takenAt)
            try container.encode(id)
        }
    }

    public init(seq: Int64, kind: String, id: String, sortKey: SortKey, photo: PhotoSummary?, total: Int) {
        self.seq = seq
        self.kind = kind
        self.id = id
        self.sortKey = sortKey
        self.photo = photo
        self.total = total
    }

    enum CodingKeys: String, CodingKey { case seq, kind, id, sortKey, photo, total }

    /// Writes `photo: null` explicitly, as clients test for null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(sortKey, forKey: .sortKey)
        try container.encode(photo, forKey: .photo)
        try container.encode(total, forKey: .total)
    }
}
