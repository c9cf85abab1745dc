/// An API key as stored: its SHA-256 digest (the key itself is shown once, at creation), a short hint to
/// recognise it by, and who it is for.
public struct APIKeyRecord: Codable, Sendable, Equatable {
    /// Assigned by the catalog on insert.
    public var id: Int64?
    public var digest: String
    public var hint: String
    public var label: String
    public var createdAt: Int64
    public var revokedAt: Int64?

    public init(digest: String, hint: String, label: String, createdAt: Int64) {
        self.digest = digest
        self.hint = hint
        self.label = label
        self.createdAt = createdAt
    }
}
