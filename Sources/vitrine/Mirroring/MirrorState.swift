import Foundation

/// What a mirror folder holds, kept in `DIR/.vitrine-mirror.json`: which server, the change-feed
/// position it is in sync with, and per photo the content address and file name of its bytes.
struct MirrorState: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        /// The SHA-256 the file was verified against.
        var sha256: String
        /// The file's name inside the mirror folder, `<id>.<ext>`.
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

    init(server: String, previews: Bool) {
        self.server = server
        self.previews = previews
        self.photos = [:]
    }

    /// The folder's state, or nil when there is none yet.
    static func load(from directory: URL) throws -> MirrorState? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        do {
            return try JSONDecoder().decode(MirrorState.self, from: data)
        } catch {
            throw MirrorError.badState("\(url.path) is not a mirror state file: \(error)")
        }
    }

    /// Writes the state beside its final name, syncs it and renames it over: a kill leaves the old
    /// state or the new one, never half of one.
    func save(to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try MirrorFiles.writeAtomically(try encoder.encode(self), to: directory.appendingPathComponent(Self.fileName))
    }
}
