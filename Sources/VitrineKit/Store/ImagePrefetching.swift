import Foundation

/// Where a `GalleryStore` sends the viewer's deck: the image pipeline's prefetcher, which loads at low
/// priority what the viewer will show next, so a swipe never waits for the network.
///
/// The store calls it with only what changed: URLs entering the deck (most wanted first), and URLs that
/// left it.
public protocol ImagePrefetching: Sendable {
    func startPrefetching(with urls: [URL])
    func stopPrefetching(with urls: [URL])
}
