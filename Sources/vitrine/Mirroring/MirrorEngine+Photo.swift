import Foundation
import VitrineAPI
import VitrineKit

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
    /// Fetches one photo's detail, then its bytes unless `entry` shows them already there, and writes
    /// the detail as `<id>.json` last, so a detail file means its bytes are complete.
    func mirrorPhoto(id: String, entry: MirrorState.Entry?) async throws -> MirrorOutcome {
        guard MirrorNames.isSafeID(id) else { throw MirrorError.unsafeName(id) }
        let detail: PhotoDetail
        do {
            detail = try await client.photo(id: id)
        } catch VitrineError.http(status: 404, _, _) {
            return .gone
        }
        guard detail.id == id else { throw MirrorError.badResponse("asked for \(id), got \(detail.id)") }
        let url = previews ? detail.preview.url : detail.original.url
        guard let address = MirrorNames.contentAddress(of: url) else { throw MirrorError.noContentAddress(url) }
        let ext = address.ext ?? (previews ? "jpg" : MirrorNames.fallbackExtension(format: detail.format))
        let file = id + "." + ext
        let outcome: MirrorOutcome
        if let entry, entry.sha256 == address.sha256,
            MirrorFiles.size(of: directory.appendingPathComponent(entry.file)) == entry.size
        {
            outcome = .present(entry)
        } else {
            if !previews {
                // The server's byte size feeds only the progress bar: saturated, never trusted to add up.
                let size = Int64(clamping: max(0, detail.byteSize))
                progress.update {
                    let sum = $0.bytesToFetch.addingReportingOverflow(size)
                    $0.bytesToFetch = sum.overflow ? .max : sum.partialValue
                }
            }
            let downloader = MirrorDownloader(
                client: client, directory: directory, onBytes: { [progress] in progress.received($0) },
                transfers: transfers, syncer: syncer)
            let size = try await downloader.fetch(url, sha256: address.sha256, file: file)
            if let entry, entry.file != file { try? MirrorFiles.moveToDeleted(entry.file, in: directory) }
            outcome = .downloaded(MirrorState.Entry(sha256: address.sha256, file: file, size: size))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try await MirrorFiles.writeAtomically(
            try encoder.encode(detail), to: directory.appendingPathComponent(id + ".json"), syncer: syncer)
        return outcome
    }
}
