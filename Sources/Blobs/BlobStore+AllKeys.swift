import VitrineCore

extension BlobStore {
    /// Every stored key, ascending, read a page at a time: for checks and small stores (`gc` pages instead,
    /// so its memory stays flat however large the store).
    public func allKeys() async throws -> [BlobKey] {
        var keys: [BlobKey] = []
        while true {
            let page = try await self.keys(after: keys.last, limit: 1000)
            guard !page.isEmpty else { return keys }
            keys += page
        }
    }
}
