import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a mirror folder holds, kept in `DIR/.vitrine-mirror.json`: which server, the change-feed
/// position it is in sync with, per photo the content address and file name of its bytes, and which of
/// them may not be on disk yet (see `MirrorDurability`).
struct MirrorState: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        /// The SHA-256 the file was verified against.
        var sha256: String
        /// The file's name inside the mirror folder, `<id>.<ext>`.
        var file: String
        var size: Int64
        /// A Live or Motion Photo's clip, kept beside the original as `<id>.motion.<ext>`.
        var motion: Part? = nil
    }

    /// A file kept beside a photo's own.
    struct Part: Codable, Sendable, Equatable {
        var sha256: String
        var file: String
        var size: Int64
    }

    static let fileName = ".vitrine-mirror.json"

    var server: String
    /// Whether the folder holds previews rather than originals.
    var previews: Bool
    /// The newest change the folder reflects; a `--follow` resumes after it.
    var seq: Int64?
    var photos: [String: Entry]
    /// The boot in which the state was written (`MirrorDurability.currentBoot`).
    var boot: String?
    /// Photos whose files were written after the folder's last flush; nil when none.
    var unflushed: Set<String>?
    /// Photos edited on the server whose details a run has yet to fetch again; nil when none.
    var stale: Set<String>?

    init(server: String, previews: Bool) {
        self.server = server
        self.previews = previews
        self.photos = [:]
    }

    /// Notes that `id`'s files were just written.
    mutating func wrote(_ id: String) {
        guard MirrorDurability.currentBoot != nil else { return }
        var ids = unflushed ?? []
        unflushed = nil  // the set stays uniquely referenced, so the insert does not copy it
        ids.insert(id)
        unflushed = ids
    }

    /// Notes that a flush put `ids`' files on disk.
    mutating func flushed(_ ids: Set<String>) {
        guard !ids.isEmpty, var left = unflushed else { return }
        unflushed = nil  // the set stays uniquely referenced, so the subtraction does not copy it
        left.subtract(ids)
        unflushed = left.isEmpty ? nil : left
    }

    /// Notes that `id` is as the server has it now: its detail fetched, or the photo gone.
    mutating func caughtUp(_ id: String) {
        guard stale?.remove(id) != nil, stale?.isEmpty == true else { return }
        stale = nil
    }

    /// Settles what an earlier run left unflushed. In the same boot, one flush puts it on disk. After a
    /// reboot, each such photo's bytes, and its Live Photo clip's, are checked against their content
    /// addresses (and deleted, with their entry, when they fail) and its detail is deleted, so the sync
    /// fetches it again.
    mutating func settle(in directory: URL) throws {
        guard let unflushed, !unflushed.isEmpty else { return }
        if let boot, boot == MirrorDurability.currentBoot {
            try MirrorDurability.flush(directory)
        } else {
            for id in unflushed where MirrorNames.isSafeID(id) {
                unlink(directory.appendingPathComponent(id + ".json").path)
                guard let entry = photos[id] else { continue }
                let url = directory.appendingPathComponent(entry.file)
                if (try? MirrorDownloader.sha256(of: url)) != entry.sha256 {
                    unlink(url.path)
                    photos[id] = nil
                }
                if let motion = entry.motion {
                    let clip = directory.appendingPathComponent(motion.file)
                    if (try? MirrorDownloader.sha256(of: clip)) != motion.sha256 {
                        unlink(clip.path)
                        photos[id]?.motion = nil
                    }
                }
            }
        }
        self.unflushed = nil
    }

    /// The folder's state, or nil when there is none yet. Entries whose id or file name a mirror would
    /// not have written are dropped, so no name from the file leads outside the folder.
    static func load(from directory: URL) throws -> MirrorState? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        var state: MirrorState
        do {
            state = try JSONDecoder().decode(MirrorState.self, from: data)
        } catch {
            throw MirrorError.badState("\(url.path) is not a mirror state file: \(error)")
        }
        state.photos = state.photos.filter { MirrorNames.isSafeID($0.key) && MirrorNames.isSafeFile($0.value.file) }
        for (id, entry) in state.photos where entry.motion.map({ !MirrorNames.isSafeMotionFile($0.file) }) ?? false {
            state.photos[id]?.motion = nil
        }
        return state
    }

    /// Writes the state beside its final name, syncs it and renames it over: a kill or a power cut
    /// leaves the old state or the new one, never half of one. Where the boot is unknown, the folder is
    /// flushed first, so that every file the state names is on disk before the state says so.
    func save(to directory: URL) throws {
        var state = self
        state.boot = MirrorDurability.currentBoot
        if state.boot == nil {
            try MirrorDurability.flush(directory)
            state.unflushed = nil
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try MirrorFiles.writeAtomically(try encoder.encode(state), to: directory.appendingPathComponent(Self.fileName))
    }
}
