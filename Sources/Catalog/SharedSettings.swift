/// Settings every server of a cluster reads from the catalog they share, so that none of them depends on a
/// file only one machine has.
public protocol SharedSettings: Sendable {
    /// The digest of the admin token (what `AdminToken.digest` computes), nil before any token was set.
    func adminTokenDigest() async throws -> String?
    /// Stores `digest` unless a digest is stored already, and returns the stored one, in one transaction:
    /// servers starting together on an empty catalog all end up accepting the same token. Sessions are
    /// left alone (a library that had a token keeps its sign-ins when the catalog first learns it).
    func adminTokenDigest(settingIfAbsent digest: String) async throws -> String
    /// Replaces the admin token's digest and ends every session, in one transaction: the old token and
    /// every session made with it stop working on every server at once.
    func replaceAdminTokenDigest(_ digest: String) async throws
}
