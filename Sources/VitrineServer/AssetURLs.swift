import Catalog
import Foundation
import VitrineAPI

/// Where API items point for a variant's bytes: Vitrine's own `/assets/<sha256>[.ext]`, or, with an asset
/// base URL (`--asset-base-url`: a public bucket or a CDN in front of the blob store), straight at the
/// stored object, `BASE/ab/cd/<sha256>`, so the bytes never pass through Vitrine.
///
/// The store's layout is the same everywhere (`blobs/ab/cd/<sha256>` on disk, `PREFIX/ab/cd/<sha256>` in a
/// bucket), so the base is the URL of that folder or prefix. A bucket or CDN cannot choose a format by
/// `Accept`, so thumbs there also carry their JPEG sibling's URL (`VariantInfo.jpegUrl`) and the client picks.
public struct AssetURLs: Sendable, Equatable {
    /// Absolute `http(s)` URL without a trailing slash; nil serves through `/assets`.
    public let base: String?

    /// Where this server's own asset route is: `/assets`, or a share link's scoped route.
    var path = "/assets"
    /// Whether items point at files kept as they came (`VariantKind.isAsItCame`): not through a share link
    /// that allows no download, whose route refuses them. Items then play only renditions.
    var servesAsItCame = true

    /// Serving through `/assets`.
    public init() { base = nil }

    /// The same URLs through a share link's own asset route, which serves only the link's photos; an asset
    /// base URL (a public bucket) stays as it is, since anyone can read it. Without `downloads`, items leave
    /// out the files kept as they came.
    func scoped(toLink slug: String, downloads: Bool) -> AssetURLs {
        var scoped = self
        scoped.path = "/api/v1/links/\(slug)/assets"
        scoped.servesAsItCame = downloads
        return scoped
    }

    /// Validates `base`: an absolute http or https URL with a host and no query, fragment or credentials
    /// (a URL that names a user would leak it to every client). Nil when it is not one.
    public init?(base: String) {
        guard base.utf8.count <= 2048, let url = URL(string: base), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil, url.user == nil, url.password == nil,
            base.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f && $0 != "\"" && $0 != "'" })
        else { return nil }
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.base = trimmed
    }

    /// The origin assets come from when it is not this server's (for the pages' Content Security Policy).
    public var origin: String? {
        guard let base, let url = URL(string: base), let scheme = url.scheme?.lowercased(), let host = url.host
        else { return nil }
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    func url(_ variant: VariantRecord?) -> String {
        guard let variant else { return "" }
        if let base {
            let hex = variant.blobKey.hex
            return "\(base)/\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)"
        }
        switch variant.kind {
        // The thumbs' URLs are extension-less: they answer WebP or JPEG by `Accept`.
        case .thumbWebP, .thumbJPEG, .smallThumb: return "\(path)/\(variant.blobKey)"
        case .preview: return "\(path)/\(variant.blobKey).jpg"
        // Never on the wire (the thumb's and the preview's URLs negotiate them); named for what they are.
        case .thumbAVIF, .previewAVIF: return "\(path)/\(variant.blobKey).avif"
        case .original, .motion:
            return "\(path)/\(variant.blobKey).\(WireMapping.fileExtension(mimeType: variant.mimeType))"
        case .webVideo, .motionWeb: return "\(path)/\(variant.blobKey).mp4"
        }
    }

    /// An absolute URL for clients that need one (Parse): the asset base's, or this server's public base
    /// followed by `/assets/…`.
    package func absolute(_ variant: VariantRecord?, publicBase: String) -> String {
        base != nil ? url(variant) : publicBase + url(variant)
    }

    /// The thumb a grid shows, with the JPEG sibling's URL when the thumb is WebP and `/assets` cannot negotiate.
    func thumb(_ variants: [VariantKind: VariantRecord]) -> VariantInfo {
        let thumb = variants[.thumbWebP] ?? variants[.thumbJPEG]
        var info = self.info(thumb)
        if base != nil, thumb?.kind == .thumbWebP, let jpeg = variants[.thumbJPEG] { info.jpegUrl = url(jpeg) }
        return info
    }

    func info(_ variant: VariantRecord?) -> VariantInfo {
        VariantInfo(url: url(variant), width: variant?.width ?? 0, height: variant?.height ?? 0)
    }
}
