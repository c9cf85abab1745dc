/// The live feed of inserts, updates and deletes, which clients resume from by sequence number.
public protocol ChangeFeed: Sendable {
    /// The newest sequence number, 0 when nothing ever changed.
    func latestChangeSeq() async throws -> Int64
    /// Changes after `seq`, oldest first, at most `limit`; nil when events after `seq` were already pruned
    /// (the caller cannot resume without a gap) or `seq` is ahead of the feed.
    func changes(after seq: Int64, limit: Int) async throws -> [ChangeEvent]?
    /// Calls `onChange` after each change this process makes. Other processes' writes may go unseen: readers
    /// poll as well.
    func observeChanges(_ onChange: @escaping @Sendable () -> Void) async throws -> ChangeObservation
}

extension ChangeFeed {
    public func changes(after seq: Int64) async throws -> [ChangeEvent]? {
        try await changes(after: seq, limit: 500)
    }
}
