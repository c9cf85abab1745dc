import Blobs
import Catalog
import Foundation
import Hummingbird
import Ingest
import VitrineCore

/// `GET /assets/<sha256>[.ext]`: immutable, content-addressed files streamed from the blob store.
///
/// The name is the bytes' SHA-256, so the strong ETag is the key itself and a year of `immutable`
/// caching is safe. The thumbs' URLs name their WebP bytes; clients that do not accept WebP get the
/// JPEG thumb instead, and clients that accept AVIF get the AVIF thumb or preview where one is smaller, hence
/// `Vary: Accept` on thumbs and previews (the small thumb is a JPEG for everyone). An AVIF not made yet is
/// started (`AVIFVariantMaker`) and the answer meanwhile is today's, cached for a minute only, so the client
/// asks again once the AVIF exists.
struct AssetsController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading
    let blobs: any BlobStore
    /// Where the feed is: which blob a name serves, and its size, is kept per position.
    let position: FeedPosition
    let resolutions: PositionCache<Lookup, Resolution>
    let memory: BlobMemory
    let avif: AVIFVariantMaker?

    /// What a request for an asset asks: a blob, and whether WebP and AVIF will do.
    struct Lookup: Hashable, Sendable {
        var key: BlobKey
        var acceptsWebP: Bool
        var acceptsAVIF = false

        init(key: BlobKey, acceptsWebP: Bool, acceptsAVIF: Bool = false) {
            self.key = key
            self.acceptsWebP = acceptsWebP
            self.acceptsAVIF = acceptsAVIF
        }

        /// The lookup for `key` by a request's `Accept`.
        init(key: BlobKey, accept: String?) {
            self.init(
                key: key, acceptsWebP: AssetsController.accepts(accept, "image/webp"),
                acceptsAVIF: AssetsController.accepts(accept, "image/avif"))
        }
    }

    /// The blob that answers a lookup.
    struct Resolution: Sendable {
        var key: BlobKey
        /// The photo the requested blob belongs to (its first owner, when photos share it), and the kind of
        /// the variant that answers: what a share link checks before it serves the blob.
        var photoId: String
        var kind: VariantKind
        var mimeType: String
        var size: Int64
        /// A thumb or a preview, whose answer depends on `Accept`.
        var varies: Bool
        /// Stands in for an AVIF being made: cached briefly rather than for a year.
        var provisional = false
        /// Whether its bytes may be kept in memory (`BlobMemory`): what the grid and the viewer show, not
        /// originals, which a download or a mirror reads once each and which would push the thumbnails out.
        var keepsInMemory: Bool
    }

    init(
        catalog: any PhotoReading, blobs: any BlobStore, position: FeedPosition, memoryBytes: Int,
        avif: AVIFVariantMaker? = nil
    ) {
        self.catalog = catalog
        self.avif = avif
        self.blobs = blobs
        self.position = position
        resolutions = PositionCache(.init(entries: 16_384, cost: 16_384), cost: { _, _ in 1 })
        memory = BlobMemory(bytes: memoryBytes)
    }

    func addRoutes(to router: RouterGroup<Context>) {
        router.get("assets/{name}", use: serve)
        router.head("assets/{name}", use: serve)
    }

    @Sendable func serve(_ request: Request, context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        guard let key = Self.key(name) else {
            throw APIError(.badRequest, code: "bad_asset", message: "asset names are a SHA-256 in hex")
        }
        let resolution = try await resolved(Lookup(key: key, accept: request.headers[.accept]))
        return try await respond(
            resolution,
            cacheControl: resolution.provisional ? "public, max-age=60" : "public, max-age=31536000, immutable",
            request: request, context: context)
    }

    /// The blob key an asset's name gives (`<sha256>[.ext]`), or nil.
    static func key(_ name: String) -> BlobKey? {
        BlobKey(hex: name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? "")
    }

    /// The blob that answers `lookup`, kept per feed position: the feed moves whenever a variant is added
    /// or a photo goes, so a kept answer is never older than the catalog's last change.
    func resolved(_ lookup: Lookup) async throws -> Resolution {
        guard let resolution = try await resolved(lookup, where: { _ in true }) else {
            throw APIError.notFound("asset")
        }
        return resolution
    }

    /// The blob that answers `lookup` when its photo passes `check` (a share link's: does it share the
    /// photo?), nil when not. The check comes before anything is made for the photo (an AVIF).
    func resolved(
        _ lookup: Lookup, where check: (_ photoId: String) async throws -> Bool
    ) async throws -> Resolution? {
        let position = try await position.current()
        if let kept = resolutions.value(for: lookup, at: position) { return try await check(kept.photoId) ? kept : nil }
        guard let requested = try await catalog.variant(blobKey: lookup.key) else { throw APIError.notFound("asset") }
        guard try await check(requested.photoId) else { return nil }
        let resolution = try await resolve(lookup, requested: requested)
        // A stand-in is asked again: the AVIF may come out no smaller, which moves no feed position.
        if !resolution.provisional { resolutions.store(resolution, for: lookup, at: position) }
        return resolution
    }

    /// The answer for a resolved blob, from memory where it is kept there.
    func respond(
        _ resolution: Resolution, cacheControl: String, request: Request, context: some RequestContext
    ) async throws -> Response {
        var headers = HTTPFields()
        headers[.cacheControl] = cacheControl
        if resolution.varies { headers[.vary] = "Accept" }
        return try await BlobResponder(blobs: blobs, memory: resolution.keepsInMemory ? memory : nil).respond(
            key: resolution.key, size: resolution.size, mimeType: resolution.mimeType, headers: headers,
            request: request, context: context)
    }

    static var thumbKinds: Set<VariantKind> { [.thumbAVIF, .thumbWebP, .thumbJPEG] }
    static var previewKinds: Set<VariantKind> { [.previewAVIF, .preview] }
    /// Originals and clips: too large to keep in memory, and read by the range a player asks for.
    static var streamedKinds: Set<VariantKind> { [.original, .webVideo, .motion, .motionWeb] }

    /// The kinds that may answer for `requested`, best first, by what the client accepts.
    static func candidates(for requested: VariantKind, _ lookup: Lookup) -> [VariantKind] {
        if thumbKinds.contains(requested) {
            return (lookup.acceptsAVIF ? [.thumbAVIF] : []) + (lookup.acceptsWebP ? [.thumbWebP] : []) + [.thumbJPEG]
        }
        if previewKinds.contains(requested) { return (lookup.acceptsAVIF ? [.previewAVIF] : []) + [.preview] }
        return [requested]
    }

    /// The catalog's variant for the key, `requested` (for a thumb or a preview, its best sibling by
    /// `Accept`: AVIF where one exists, then WebP, then JPEG) and the stored blob's size; 404 when the blob
    /// is missing.
    func resolve(_ lookup: Lookup, requested: VariantRecord) async throws -> Resolution {
        let candidates = Self.candidates(for: requested.kind, lookup)
        var chosen: VariantRecord?
        for kind in candidates where chosen == nil {
            chosen =
                kind == requested.kind ? requested : try await catalog.variant(photoId: requested.photoId, kind: kind)
        }
        let variant = chosen ?? requested
        var provisional = false
        if let avif, let best = candidates.first, best != variant.kind, AVIFVariantMaker.reference(of: best) != nil {
            provisional = await avif.request(photoId: variant.photoId, kind: best)
        }
        guard let size = try await blobs.attributes(of: variant.blobKey)?.size else {
            throw APIError.notFound("asset")
        }
        return Resolution(
            key: variant.blobKey, photoId: variant.photoId, kind: variant.kind, mimeType: variant.mimeType, size: size,
            varies: Self.thumbKinds.union(Self.previewKinds).contains(requested.kind), provisional: provisional,
            keepsInMemory: !Self.streamedKinds.contains(variant.kind))
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
