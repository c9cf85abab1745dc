import Blobs
import Catalog
import Crypto
import HTTPParsing
import Hummingbird
import VitrineCore
import ZipStream

/// `GET /api/v1/zip?ids=a,b,…`: the originals of the photos named, in one zip archive written as the
/// client takes it. The archive's layout is fixed by the photos alone, so the answer has a
/// `Content-Length` before a byte is read and a dropped download resumes with `Range` (and `If-Range`
/// with the archive's ETag). Originals are stored as they are, named by the time they were taken.
struct ZipController<Context: RequestContext>: Sendable {
    let catalog: any PhotoCatalog
    let blobs: any BlobStore
    /// The read rule for `ids` and `album` (a `--private` server's token or cookie); a `link` is its own
    /// credential, checked by the link's gate.
    let canRead: @Sendable (Request, Context) async throws -> Bool
    let links: LinkVisitsController<Context>
    /// Downloads at once, per client and in all (`Limits.zipsPerClient`, `zipsAtOnce`).
    let limiter: ConcurrencyLimiter
    /// What archives read whole, for the directories of ranges that leave entries out.
    var checksums = ZipChecksums()

    /// Photos in one archive: the id list of the largest travels in a URL of about 130 KB.
    static var maximumPhotos: Int { 10_000 }
    /// The largest original an archive takes (1 TiB): far above any upload limit, and 10 000 of them still
    /// add up to a length that fits 64 bits.
    static var maximumFileBytes: Int64 { 1 << 40 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("zip", use: download)
        group.head("zip", use: download)
    }

    @Sendable func download(_ request: Request, context: Context) async throws -> Response {
        let query = request.formParameters
        let slug = query["link"].map(String.init)
        // A link is its own credential; anything else follows the server's read rule before its parameters
        // are looked at.
        if slug == nil, try await !canRead(request, context) {
            throw AccessGuard.unauthorized("this server is private: sign in with the admin token")
        }
        guard ["ids", "album", "link"].filter({ query[$0] != nil }).count == 1 else {
            throw APIError(.badRequest, code: "bad_ids", message: "give one of ids, album or link")
        }
        let ids: [String]
        if let slug {
            let link = try await links.shown(request, context, slug: slug)
            guard link.allowsDownload else {
                throw APIError(.forbidden, code: "no_downloads", message: "this link does not allow downloads")
            }
            ids = try await members(of: link.set)
        } else {
            if let album = query["album"].map(String.init) {
                guard PhotoID.isValid(album), try await catalog.album(id: album) != nil else {
                    throw APIError.notFound("album")
                }
                ids = try await members(of: .album(album))
            } else {
                ids = try Self.ids(from: query["ids"].map(String.init))
            }
        }
        let found = try await catalog.photos(ids: ids)
        var names = ZipNames()
        var entries: [ZipEntry] = []
        var keys: [BlobKey] = []
        for id in ids {
            guard let photo = found[id], let original = photo.variants[.original] else {
                throw APIError.notFound("photo")
            }
            let wallClock = WireMapping.takenAt(photo.photo)
            // A Live or Motion Photo's clip goes beside its still, as a phone exports the pair.
            var files = [(original, Self.fileExtension(photo.photo.format))]
            if photo.photo.kind == .photo, let motion = photo.variants[.motion] {
                files.append((motion, WireMapping.fileExtension(mimeType: motion.mimeType)))
            }
            for (file, fileExtension) in files {
                // A row's size is trusted to be well-formed, not sane: bounded, the archive's length cannot overflow.
                guard file.byteSize >= 0, file.byteSize <= Self.maximumFileBytes else {
                    throw APIError(
                        .internalServerError, code: "bad_catalog_row", message: "an original's size is out of range")
                }
                entries.append(
                    ZipEntry(
                        name: names.name(wallClock: wallClock, fileExtension: fileExtension),
                        size: UInt64(file.byteSize),
                        modified: DOSDateTime(wallClock: wallClock) ?? DOSDateTime(year: 1980, month: 1, day: 1)))
                keys.append(file.blobKey)
            }
        }
        let archive = ZipArchive(
            entries: entries, contents: BlobZipContents(blobs: blobs, keys: keys, checksums: checksums))
        let ticket = request.method == .head ? nil : try limiter.admit(context.peerAddress)
        return Self.respond(archive, etag: Self.etag(entries: entries, keys: keys), request: request, ticket: ticket)
    }

    /// `ticket` is the download's place in the limits, given back when its body ends.
    static func respond(
        _ archive: ZipArchive<BlobZipContents>, etag: String, request: Request,
        ticket: ConcurrencyLimiter.Ticket? = nil
    ) -> Response {
        let size = Int64(archive.layout.length)
        var headers: HTTPFields = [
            .contentType: "application/zip", .eTag: etag, .acceptRanges: "bytes", .cacheControl: "private, no-cache",
            .contentDisposition: #"attachment; filename="vitrine-\#(archive.layout.entries.count)-photos.zip""#,
        ]
        let bytes: Range<UInt64>
        let status: HTTPResponse.Status
        switch request.byteRange(etag: etag, size: size) {
        case .unsatisfiable:
            return .rangeNotSatisfiable(size: size, headers: headers, message: "range outside the archive")
        case .whole:
            bytes = 0..<UInt64(size)
            status = .ok
        case .partial(let part):
            bytes = UInt64(part.lowerBound)..<UInt64(part.upperBound) + 1
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            status = .partialContent
        }
        headers[.contentLength] = String(bytes.count)
        if request.method == .head { return Response(status: status, headers: headers) }
        let body = ResponseBody(contentLength: Int(exactly: bytes.count)) { writer in
            defer { ticket?.release() }
            try await archive.write(range: bytes) { piece in
                switch piece {
                case .records(let records): try await writer.write(ByteBuffer(bytes: records))
                case .contents(let chunk): try await writer.write(chunk.buffer)
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// A set's photos, newest first, at most `maximumPhotos` of them.
    func members(of set: PhotoSet) async throws -> [String] {
        var ids: [String] = []
        var cursor: PageCursor?
        repeat {
            let page = try await catalog.page(after: cursor, limit: 200, filter: PhotoFilter(set: set))
            guard page.total <= Self.maximumPhotos else {
                throw APIError(
                    .badRequest, code: "bad_ids", message: "at most \(Self.maximumPhotos) photos in one archive")
            }
            ids += page.items.map(\.photo.id)
            cursor = page.nextCursor
        } while cursor != nil && ids.count < Self.maximumPhotos
        guard !ids.isEmpty else { throw APIError.notFound("photo") }
        return ids
    }

    /// The ids, in the order given, each once: 1 to `maximumPhotos` photo ids, separated by commas.
    static func ids(from text: String?) throws -> [String] {
        guard let text, !text.isEmpty else {
            throw APIError(.badRequest, code: "bad_ids", message: "ids is a comma-separated list of photo ids")
        }
        var seen: Set<Substring> = []
        var ids: [String] = []
        for id in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard PhotoID.isValid(id) else {
                throw APIError(.badRequest, code: "bad_ids", message: "ids is a comma-separated list of photo ids")
            }
            guard seen.insert(id).inserted else { continue }
            guard ids.count < maximumPhotos else {
                throw APIError(.badRequest, code: "bad_ids", message: "at most \(maximumPhotos) photos in one archive")
            }
            ids.append(String(id))
        }
        return ids
    }

    /// The extension for a stored format: `jpg` for JPEG, the format's own name otherwise.
    static func fileExtension(_ format: String) -> String { format == "jpeg" ? "jpg" : format }

    /// Strong, and the same for the same photos in the same order: every entry's name, size and time, and
    /// every original's key (its content hash).
    static func etag(entries: [ZipEntry], keys: [BlobKey]) -> String {
        var hash = SHA256()
        for (entry, key) in zip(entries, keys) {
            hash.update(data: entry.name)
            hash.update(data: [0])
            hash.update(data: Array("\(entry.size) \(entry.modified.date) \(entry.modified.time) \(key.hex)".utf8))
        }
        return "\"zip-\(Hex.encode(hash.finalize()))\""
    }
}

/// The archive's entries read from the blob store, by each original's key.
struct BlobZipContents: ZipContents {
    let blobs: any BlobStore
    let keys: [BlobKey]
    let checksums: ZipChecksums

    /// A chunk as the store read it, written to the response as it is.
    struct Chunk: ZipBytes {
        let buffer: ByteBuffer
        var byteCount: Int { buffer.readableBytes }
        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try buffer.withUnsafeReadableBytes(body)
        }
    }

    func read(entry index: Int, range: Range<UInt64>, into body: (Chunk) async throws -> Void) async throws {
        guard !range.isEmpty else { return }
        guard let lower = Int64(exactly: range.lowerBound), let upper = Int64(exactly: range.upperBound - 1) else {
            throw ZipError.badRange
        }
        try await blobs.read(keys[index], range: lower...upper) { chunk in
            try await body(Chunk(buffer: chunk))
        }
    }

    func knownChecksum(entry index: Int) -> UInt32? { checksums.checksum(of: keys[index]) }

    func remember(checksum: UInt32, entry index: Int) { checksums.remember(checksum, of: keys[index]) }
}
