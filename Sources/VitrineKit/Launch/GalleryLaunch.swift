import Foundation
import VitrineAPI

/// The gallery's own launch, as the seed app does it: the session and the first page are required,
/// then the thumbnails of the first screen are fetched within a time budget and the gallery starts
/// with whatever arrived. A failure is the safety screen's reason, typed.
public struct GalleryLaunch: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The grid can show: `firstPage`, with the thumbnails that arrived within the budget
        /// (`thumbnailsLoaded`) and those still to come (`missing`), which the grid loads as usual.
        case ready(firstPage: PhotoPage, thumbnailsLoaded: Set<URL>, missing: Set<URL>)
        /// The safety screen: offline, a server error or a time-out.
        case failed(LaunchFailure)
    }

    /// Which of a summary's images fills a grid tile.
    public enum Tile: Sendable {
        case thumb
        /// The quarter-size tile image, for one device pixel per point; the thumb when a photo has none.
        case small
    }

    public var client: VitrineClient
    /// Loads one image through the app's pipeline, e.g. `{ _ = try await pipeline.image(for: ImageRequest(url: $0)) }`.
    public var loader: @Sendable (URL) async throws -> Void
    public var pageSize: Int
    /// How many of the first page's tiles the first screen shows.
    public var firstScreen: Int
    public var tile: Tile
    /// Each required service's time-out; the seed's is 60 s.
    public var serviceTimeout: Duration
    /// How long the first screen's thumbnails may hold the start.
    public var thumbnailBudget: Duration
    /// More services to run beside the session and the first page.
    public var extraServices: [LaunchService]

    public init(
        client: VitrineClient, pageSize: Int = 20, firstScreen: Int = 12, tile: Tile = .thumb,
        serviceTimeout: Duration = .seconds(60), thumbnailBudget: Duration = .seconds(3),
        extraServices: [LaunchService] = [], loader: @escaping @Sendable (URL) async throws -> Void
    ) {
        self.client = client
        self.pageSize = pageSize
        self.firstScreen = firstScreen
        self.tile = tile
        self.serviceTimeout = serviceTimeout
        self.thumbnailBudget = thumbnailBudget
        self.extraServices = extraServices
        self.loader = loader
    }

    public func run() async -> Outcome {
        let firstPage = Slot<PhotoPage>()
        let client = self.client
        let query = PhotoQuery(limit: min(max(pageSize, 1), 200))
        let services =
            [
                LaunchService.required("session", timeout: serviceTimeout) { _ = try await client.session() },
                LaunchService.required("firstPage", timeout: serviceTimeout) {
                    firstPage.value = try await client.photos(query)
                },
            ] + extraServices
        if case .failure(let failure) = await LaunchController(services: services).launch() {
            return .failed(failure)
        }
        guard let page = firstPage.value else { return .failed(.other(service: "firstPage", "no page")) }
        let urls = thumbnailURLs(of: page)
        let loaded = await loadThumbnails(urls)
        return .ready(firstPage: page, thumbnailsLoaded: loaded, missing: urls.subtracting(loaded))
    }

    /// The first screen's tile images, resolved against the server.
    public func thumbnailURLs(of page: PhotoPage) -> Set<URL> {
        Set(
            page.items.prefix(max(firstScreen, 0)).map { item in
                let variant = tile == .small ? (item.small ?? item.thumb) : item.thumb
                return client.resolve(variant.url)
            })
    }

    /// Loads `urls` in parallel until the budget runs out; answers those that arrived.
    private func loadThumbnails(_ urls: Set<URL>) async -> Set<URL> {
        guard !urls.isEmpty else { return [] }
        let loaded = Slot<Set<URL>>([])
        let loader = self.loader
        _ = await Deadline.run(within: thumbnailBudget) {
            await withTaskGroup(of: Void.self) { group in
                for url in urls {
                    group.addTask {
                        guard (try? await loader(url)) != nil else { return }
                        loaded.update { $0?.insert(url) }
                    }
                }
            }
        }
        return loaded.value ?? []
    }
}

/// A value written by one task and read by another once it has finished.
final class Slot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    init(_ value: Value? = nil) { stored = value }

    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func update(_ change: (inout Value?) -> Void) { lock.withLock { change(&stored) } }
}
