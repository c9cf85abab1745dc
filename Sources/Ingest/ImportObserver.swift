/// Told of every file an `Importer` finishes, for metrics. Kept a protocol here so that Ingest knows nothing
/// of how outcomes are counted.
public protocol ImportObserver: Sendable {
    /// One file ended: `.imported` or `.duplicate`, or the error that failed it (the same error
    /// `importFile` turns into a `.failed` reason), after `duration`.
    func importEnded(_ result: Result<ImportOutcome, any Error>, duration: Duration)
    /// A clip was recorded, and whether it needs a web rendition (its original would not play everywhere).
    func clipRecorded(needsRendition: Bool)
}

extension ImportObserver {
    public func clipRecorded(needsRendition: Bool) {}
}
