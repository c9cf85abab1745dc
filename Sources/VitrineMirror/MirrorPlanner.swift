import Foundation
import VitrineAPI

/// What a sync has to do with one page of the server's listing, decided from the page, the state file, the
/// folder and the photos changed since the last sync: which photos are already there (verified by size, or
/// by hash when the state does not know them) and which need fetching. Which photos the server no longer
/// has is known once every page was read (`MirrorPlanner.gone`).
struct MirrorPlan: Sendable {
    /// Photos to fetch (bytes unless already there, then the detail written), with their entry when there
    /// is one.
    var fetch: [MirrorFetch] = []
    /// Photos whose bytes and detail are already in the folder.
    var kept: [String: MirrorState.Entry] = [:]
    /// Photos the server listed that cannot be mirrored, and why.
    var refused: [(id: String, error: MirrorError)] = []
}

/// One photo a sync fetches.
struct MirrorFetch: Sendable {
    var id: String
    /// What the state knows of its bytes.
    var entry: MirrorState.Entry?
    /// Its detail, from the listing.
    var detail: PhotoDetail
}

enum MirrorPlanner {
    /// The variant a mirror keeps of a photo: its original, or its preview with `--previews`.
    static func variant(of detail: PhotoDetail, previews: Bool) -> VariantInfo {
        previews ? detail.preview : detail.original
    }

    /// Whether the clip `detail` names beside its original (a Live or Motion Photo's) is in the folder as
    /// `entry` records it; true when it names none or the folder keeps previews.
    static func hasMotion(
        _ entry: MirrorState.Entry, of detail: PhotoDetail, previews: Bool, directory: URL
    ) -> Bool {
        guard !previews, let clip = detail.motionOriginal else { return true }
        guard let motion = entry.motion, let address = MirrorNames.contentAddress(of: clip.url) else { return false }
        return motion.sha256 == address.sha256
            && MirrorFiles.size(of: directory.appendingPathComponent(motion.file)) == motion.size
    }

    /// The plan for one page; `listed` collects the ids of every page, and a photo listed twice is planned once.
    static func plan(
        page: [PhotoDetail], state: MirrorState, directory: URL, refresh: MirrorRefresh = .only([]),
        listed: inout Set<String>
    ) -> MirrorPlan {
        var plan = MirrorPlan()
        for detail in page {
            let id = detail.id
            guard MirrorNames.isSafeID(id) else {
                plan.refused.append((id, .unsafeName(id)))
                continue
            }
            guard listed.insert(id).inserted else { continue }
            let url = variant(of: detail, previews: state.previews).url
            guard let address = MirrorNames.contentAddress(of: url) else {
                plan.refused.append((id, .noContentAddress(url)))
                continue
            }
            let hasDetail = MirrorFiles.size(of: directory.appendingPathComponent(id + ".json")) != nil
            if let entry = state.photos[id], entry.sha256 == address.sha256,
                MirrorFiles.size(of: directory.appendingPathComponent(entry.file)) == entry.size
            {
                if hasDetail, !refresh.contains(id),
                    hasMotion(entry, of: detail, previews: state.previews, directory: directory)
                {
                    plan.kept[id] = entry
                } else {
                    plan.fetch.append(MirrorFetch(id: id, entry: entry, detail: detail))
                }
            } else if state.photos[id] == nil, let ext = address.ext,
                let adopted = adopt(id: id, file: id + "." + ext, sha256: address.sha256, directory: directory)
            {
                // A file a killed run finished but never recorded: its hash proves it. Its detail is written
                // again, since nothing says it reached the disk whole.
                plan.fetch.append(MirrorFetch(id: id, entry: adopted, detail: detail))
            } else {
                plan.fetch.append(MirrorFetch(id: id, entry: state.photos[id], detail: detail))
            }
        }
        return plan
    }

    /// The photos the state knows that no page listed: the server no longer has them.
    static func gone(state: MirrorState, listed: Set<String>) -> [String] {
        state.photos.keys.filter { !listed.contains($0) }.sorted()
    }

    /// The entry for a file already in the folder under its final name, when its bytes hash to `sha256`.
    static func adopt(id: String, file: String, sha256: String, directory: URL) -> MirrorState.Entry? {
        let url = directory.appendingPathComponent(file)
        guard let size = MirrorFiles.size(of: url), (try? MirrorDownloader.sha256(of: url)) == sha256 else {
            return nil
        }
        return MirrorState.Entry(sha256: sha256, file: file, size: size)
    }
}
