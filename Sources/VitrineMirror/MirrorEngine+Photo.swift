import Foundation
import VitrineAPI
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What mirroring one photo did.
enum MirrorOutcome: Sendable, Equatable {
    /// Its bytes were fetched and verified.
    case downloaded(MirrorState.Entry)
    /// Its bytes were there already; its detail was written.
    case present(MirrorState.Entry)
    /// The server no longer has it.
    case gone
}

extension MirrorEngine {
    /// Mirrors one photo the change feed named: its detail, then its bytes unless `entry` shows them already
    /// there. The detail is written last, as `<id>.json`, so a detail file means its bytes are complete.
    func mirrorPhoto(id: String, entry: MirrorState.Entry?) async throws -> MirrorOutcome {
        guard MirrorNames.isSafeID(id) else { throw MirrorError.unsafeName(id) }
        guard let detail = try await detail(of: id) else { return .gone }
        if !previews, !isPresent(entry, of: detail) { count(detail) }
        return try await mirror(detail, entry: entry)
    }

    /// Mirrors a photo whose detail is in hand: its bytes unless present, then the detail.
    func mirror(_ detail: PhotoDetail, entry: MirrorState.Entry?) async throws -> MirrorOutcome {
        let id = detail.id
        let url = variantURL(of: detail)
        guard let address = MirrorNames.contentAddress(of: url) else { throw MirrorError.noContentAddress(url) }
        let ext = address.ext ?? (previews ? "jpg" : MirrorNames.fallbackExtension(format: detail.format))
        let file = id + "." + ext
        let outcome: MirrorOutcome
        if let entry, isPresent(entry, sha256: address.sha256) {
            outcome = .present(entry)
        } else {
            let size = try await downloader.fetch(url, sha256: address.sha256, id: id)
            try commit(id: id, sha256: address.sha256, file: file, replacing: entry)
            outcome = .downloaded(MirrorState.Entry(sha256: address.sha256, file: file, size: size))
        }
        let motion = previews ? nil : try await mirrorMotion(of: detail, kept: entry?.motion)
        if motion == nil, let old = entry?.motion { try? MirrorFiles.moveToDeleted(old.file, in: directory) }
        try writeDetail(detail)
        switch outcome {
        case .downloaded(var entry):
            entry.motion = motion
            return .downloaded(entry)
        case .present(var entry):
            entry.motion = motion
            return .present(entry)
        case .gone: return .gone
        }
    }

    /// A Live or Motion Photo's clip as it came, fetched beside the original unless `kept` holds it; nil for
    /// other photos.
    func mirrorMotion(of detail: PhotoDetail, kept: MirrorState.Part?) async throws -> MirrorState.Part? {
        guard let clip = detail.motionOriginal else { return nil }
        guard let address = MirrorNames.contentAddress(of: clip.url) else {
            throw MirrorError.noContentAddress(clip.url)
        }
        if let kept, kept.sha256 == address.sha256,
            MirrorFiles.size(of: directory.appendingPathComponent(kept.file)) == kept.size
        {
            return kept
        }
        let file = detail.id + ".motion." + (address.ext ?? "mov")
        let size = try await downloader.fetch(clip.url, sha256: address.sha256, id: detail.id)
        try MirrorFiles.move(
            downloader.partial(for: detail.id, sha256: address.sha256), to: directory.appendingPathComponent(file))
        if let kept, kept.file != file { try? MirrorFiles.moveToDeleted(kept.file, in: directory) }
        return MirrorState.Part(sha256: address.sha256, file: file, size: size)
    }

    /// The photo's detail, or nil when the server no longer has it.
    func detail(of id: String) async throws -> PhotoDetail? {
        let detail: PhotoDetail
        do {
            detail = try await client.photo(id: id)
        } catch VitrineError.http(status: 404, _, _) {
            return nil
        }
        guard detail.id == id else { throw MirrorError.badResponse("asked for \(id), got \(detail.id)") }
        return detail
    }

    /// Adds a photo's original to the bytes the progress bar expects. The server's byte size feeds only the
    /// bar: saturated, never trusted to add up.
    func count(_ detail: PhotoDetail) {
        let size = Int64(clamping: max(0, detail.byteSize))
        progress.update {
            let sum = $0.bytesToFetch.addingReportingOverflow(size)
            $0.bytesToFetch = sum.overflow ? .max : sum.partialValue
        }
    }

    /// The URL of the variant this mirror keeps.
    func variantURL(of detail: PhotoDetail) -> String {
        MirrorPlanner.variant(of: detail, previews: previews).url
    }

    /// Whether `entry`'s file holds the bytes `detail` names for the variant this mirror keeps.
    func isPresent(_ entry: MirrorState.Entry?, of detail: PhotoDetail) -> Bool {
        guard let address = MirrorNames.contentAddress(of: variantURL(of: detail)) else { return false }
        return isPresent(entry, sha256: address.sha256)
            && entry.map {
                MirrorPlanner.hasMotion($0, of: detail, previews: previews, directory: directory)
            } == true
    }

    /// Whether `entry`'s file holds the bytes named `sha256`, by the size it was verified at.
    func isPresent(_ entry: MirrorState.Entry?, sha256: String) -> Bool {
        guard let entry, entry.sha256 == sha256 else { return false }
        return MirrorFiles.size(of: directory.appendingPathComponent(entry.file)) == entry.size
    }

    /// Gives verified bytes their final name; an older file of the photo under another name goes to `.deleted/`.
    func commit(id: String, sha256: String, file: String, replacing entry: MirrorState.Entry?) throws {
        try MirrorFiles.move(
            downloader.partial(for: id, sha256: sha256), to: directory.appendingPathComponent(file))
        if let entry, entry.file != file { try? MirrorFiles.moveToDeleted(entry.file, in: directory) }
    }

    /// Writes the detail as `GET /api/v1/photos/{id}` answers it, by `JSONWriter`: a tenth of the time of
    /// `JSONEncoder`, which took 4 % of a mirror's CPU at one file per photo.
    func writeDetail(_ detail: PhotoDetail) throws {
        var bytes = detail.jsonBytes()
        bytes.append(UInt8(ascii: "\n"))
        try MirrorFiles.writeReplacing(Data(bytes), to: directory.appendingPathComponent(detail.id + ".json"))
    }

    var downloader: MirrorDownloader {
        MirrorDownloader(
            client: client, directory: directory, onBytes: { [progress] in progress.received($0) },
            transfers: transfers)
    }
}
