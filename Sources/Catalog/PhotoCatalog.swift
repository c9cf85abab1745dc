/// The whole catalog, for the composition root; parts of the app take the narrowest role they need.
public protocol PhotoCatalog: PhotoReading, PhotoWriting, ChangeFeed, BlobLeases, CompatReading, AccessRecords,
    SharedSettings, ThrottleCounters, PhotoTrash, PhotoSets, ShareLinks, JobQueue, LivePairs
{}
