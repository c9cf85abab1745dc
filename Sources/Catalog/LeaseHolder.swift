import VitrineCore

/// Who takes leases and collects through a catalog, and how to tell that another holder is gone: a process
/// identity record and a proof of death for other records (see `ProcessIdentity` in Blobs).
public struct LeaseHolder: Sendable {
    /// Stored with every lease and collection mark this catalog makes.
    public var record: String
    /// True only when the process `record` names is provably dead; false when alive or unknown.
    public var isDead: @Sendable (_ record: String) -> Bool

    public init(record: String, isDead: @escaping @Sendable (_ record: String) -> Bool) {
        self.record = record
        self.isDead = isDead
    }
}

/// A blob key an import holds while it writes the blob, and who holds it.
public struct BlobLease: Sendable, Equatable {
    public var blobKey: BlobKey
    /// The import (one lease owner per import or made variant).
    public var owner: String
    /// The holder's `LeaseHolder.record`; nil for leases taken without one.
    public var holder: String?

    public init(blobKey: BlobKey, owner: String, holder: String?) {
        self.blobKey = blobKey
        self.owner = owner
        self.holder = holder
    }
}
