import GalleryEngine
import VitrineAPI

extension TimelineStore {
    /// Fetches photos `request.items` of month `request.section` (`?month=&offset=&limit=`), as the web
    /// grid does, and tells the session how it went.
    func load(_ request: TimelineRequest) {
        guard request.section >= 0, request.section < months.count, !request.items.isEmpty else { return }
        let month = months[request.section]
        var query = query.at(.month(year: Int(month.year), month: Int(month.month), offset: request.items.lowerBound))
        query.limit = min(max(request.items.count, 1), ClientPolicy().largestPage)
        let client = client
        loads[request.id] = Task { [weak self] in
            let result: Result<PhotoPage, any Error>
            do { result = .success(try await client.photos(query)) } catch { result = .failure(error) }
            guard !Task.isCancelled else { return }
            await self?.finish(request, result)
        }
    }

    /// A load ended: its photos go where their place says, and the session hears it arrived; a failure
    /// is the session's to retry, or to let stand.
    func finish(_ request: TimelineRequest, _ result: Result<PhotoPage, any Error>) {
        guard loads.removeValue(forKey: request.id) != nil, request.section < photos.count else { return }
        switch result {
        case .success(let page):
            let items = page.items.prefix(request.items.count)
            var aspects: [Float] = []
            aspects.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                photos[request.section][request.items.lowerBound + k] = item
                aspects.append(Self.aspect(of: item))
            }
            apply(session.handle(.pageArrived(id: request.id, aspectRatios: aspects, time: now)))
        case .failure(is CancellationError):
            return
        case .failure:
            apply(session.handle(.pageFailed(id: request.id, time: now)))
        }
    }

    /// A photo's width over its height, or the engine's stand-in for a size it does not know.
    static func aspect(of photo: PhotoSummary) -> Float {
        guard photo.width > 0, photo.height > 0 else { return Float(ClientPolicy().unknownAspect) }
        return Float(Double(photo.width) / Double(photo.height))
    }
}
