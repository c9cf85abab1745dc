import Blobs
import Catalog
import Foundation
import Hummingbird
import VitrineCore

/// `GET /assets/<sha256>[.ext]`: immutable, content-addressed files streamed from the blob store.
///
/// The name is the bytes' SHA-256, so the strong ETag is the key itself and a year of `immutable`
/// caching is safe. The thumbs' URLs name their WebP bytes; clients that do not accept WebP get the
/// JPEG thumb instead, hence `Vary: Accept` on thumbs (the small thumb is a JPEG for everyone).
struct AssetsController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading
    let blobs: any BlobStore
    /// Where the feed is: which blob a name serves, and its size, is kept per position.
    let position: FeedPosition
    let resolutions: PositionCache<Lookup, Resolution>
    let memory: BlobMemory

    /// What a request for an asset asks: a blob, and whether WebP will do.
    struct Lookup: Hashable, Sendable {
        var key: BlobKey
        var acceptsWebP: Bool
    }

    /// The blob that answers a lookup.
    struct Resolution: Sendable {
        var key: BlobKey
        var mimeType: String
        var size: Int64
        /// A thumb, whose answer depends on `Accept`.
        var varies: Bool
        /// Whether its bytes may be kept in memory (`BlobMemory`): what the grid and the viewer show, not
        /// originals, which a download or a mirror reads once each and which would push the thumbnails out.
        var keepsInMemory: Bool
    }

    init(catalog: any PhotoReading, blobs: any BlobStore, position: FeedPosition, memoryBytes: Int) {
        self.catalog = catalog
        self.blobs = blobs
        self.position = position
        resolutions = PositionCache(.init(entries: 16_384, cost: 16_384), cost: { _ in 1 })
        memory = BlobMemory(bytes: memoryBytes)
    }

    func addRoutes(to router: RouterGroup<Context>) {
        router.get("assets/{name}", use: serve)
        router.head("assets/{name}", use: serve)
    }

    @Sendable func serve(_ request: Request, context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        let keyText = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        guard let key = BlobKey(hex: keyText) else {
            throw APIError(.badRequest, code: "bad_asset", message: "asset names are a SHA-256 in hex")
        }
        let lookup = Lookup(key: key, acceptsWebP: Self.accepts(request.headers[.accept], "image/webp"))
        let position = try await position.current()
        let resolution: Resolution
        if let kept = resolutions.value(for: lookup, at: position) {
            resolution = kept
        } else {
            resolution = try await resolve(lookup)
            resolutions.store(resolution, for: lookup, at: position)
        }
        var headers = HTTPFields()
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        if resolution.varies { headers[.vary] = "Accept" }
        return try await BlobResponder(blobs: blobs, memory: resolution.keepsInMemory ? memory : nil).respond(
            key: resolution.key, size: resolution.size, mimeType: resolution.mimeType, headers: headers,
            request: request, context: context)
    }

    /// The catalog's variant for the key (its WebP or JPEG sibling for a thumb, by `Accept`) and the
    /// stored blob's size; 404 when either is missing.
    func resolve(_ lookup: Lookup) async throws -> Resolution {
        guard let requested = try await catalog.variant(blobKey: lookup.key) else {
            throw APIError.notFound("asset")
        }
        var variant = requested
        let varies = [.thumbWebP, .thumbJPEG].contains(requested.kind)
        if varies {
            let wanted: VariantKind =
                !lookup.acceptsWebP ? .thumbJPEG : requested.kind == .thumbJPEG ? .thumbWebP : requested.kind
            if requested.kind != wanted,
                let sibling = try await catalog.variant(photoId: requested.photoId, kind: wanted)
            {
                variant = sibling
            }
        }
        guard let size = try await blobs.attributes(of: variant.blobKey)?.size else {
            throw APIError.notFound("asset")
        }
        return Resolution(
            key: variant.blobKey, mimeType: variant.mimeType, size: size, varies: varies,
            keepsInMemory: variant.kind != .original)
    }

    /// True when `accept` lists `type` (ASCII, lowercase) with a non-zero quality. Read byte by byte: every
    /// asset request asks it, and splitting the header into strings took 7 % of a 304's time.
    static func accepts(_ accept: String?, _ type: String) -> Bool {
        guard var accept else { return false }
        return accept.withUTF8 { header in
            for entry in header.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                var parameters = entry.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)[...]
                guard let range = parameters.popFirst(), Self.equalsIgnoringASCIICase(trimmed(range), type.utf8)
                else { continue }
                for parameter in parameters {
                    let text = trimmed(parameter)
                    guard text.starts(with: "q=".utf8) else { continue }
                    let quality = Double(String(decoding: text.dropFirst(2), as: UTF8.self)) ?? 1
                    return quality > 0
                }
                return true
            }
            return false
        }
    }

    /// Without the spaces and tabs around it.
    static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    static func equalsIgnoringASCIICase(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: String.UTF8View
    )
        -> Bool
    {
        bytes.elementsEqual(lowercase) { byte, expected in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
        }
    }
}

extension Response {
    package func withHeaders(_ extra: HTTPFields) -> Response {
        var copy = self
        for field in extra where copy.headers[field.name] == nil { copy.headers.append(field) }
        return copy
    }
}
