import Catalog

/// What "nothing half-written" means once renders go through the queue: a photo holds every variant an
/// import makes; or it is still `processing` with its original stored and its render queued, waiting or
/// running, for a worker to make the rest; or its render was parked and it says so, `failed` with its
/// original kept for a retry.
public enum WholePhoto {
    /// Nil when `item` is whole; otherwise what is wrong with it.
    public static func problem(_ item: PhotoWithVariants, queue: any JobQueue) async throws -> String? {
        let kinds = Set(item.variants.keys)
        if kinds.isSuperset(of: VariantKind.madeAtImport) { return nil }
        guard item.photo.status != .ready else {
            return "\(item.photo.id) is ready with only \(kinds.map(\.rawValue).sorted())"
        }
        guard kinds.contains(.original) else { return "\(item.photo.id) lost its original" }
        let render = JobRequest(.renderVariants, payload: item.photo.id).dedupKey ?? ""
        let state = try await queue.jobs(dedupKeys: [render]).first?.state
        let expected = item.photo.status == .failed ? state == .failed : (state == .waiting || state == .running)
        return expected
            ? nil : "\(item.photo.id) is \(item.photo.status.rawValue) with its render \(state?.rawValue ?? "gone")"
    }
}
