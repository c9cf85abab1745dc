import Foundation

/// One file to import and the tags it gets from where it was found.
public struct ImportItem: Sendable, Equatable {
    public var path: String
    public var tags: [String]

    public init(path: String, tags: [String] = []) {
        self.path = path
        self.tags = tags
    }
}

/// Expands the paths given to an import into the files to try, recursively and in a stable order.
public enum FileCollector {
    /// Like `files(in:)`, with folder names as tags: a folder argument tags its files with its own name and
    /// the names of the folders below it (`Trips/Japan/Kyoto/a.jpg` from `Trips` → Trips, Japan, Kyoto);
    /// a file argument is tagged with its parent folder's name.
    public static func items(in paths: [String]) -> (items: [ImportItem], missing: [String]) {
        var items: [ImportItem] = []
        let (files, missing) = files(in: paths)
        var roots: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                roots.append(URL(fileURLWithPath: path).standardizedFileURL.path)
            }
        }
        for file in files {
            let url = URL(fileURLWithPath: file).standardizedFileURL
            let folder = url.deletingLastPathComponent().path
            if let root = roots.filter({ folder == $0 || folder.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count })
            {
                let base = URL(fileURLWithPath: root).lastPathComponent
                let below = folder.dropFirst(root.count).split(separator: "/").map(String.init)
                items.append(ImportItem(path: file, tags: [base] + below))
            } else {
                let parent = url.deletingLastPathComponent().lastPathComponent
                items.append(ImportItem(path: file, tags: parent.isEmpty || parent == "/" ? [] : [parent]))
            }
        }
        return (items, missing)
    }

    /// Hidden files and folders (`.DS_Store`, `.git`) are skipped; symlinks to files are followed,
    /// symlinked folders are not (they can loop).
    public static func files(in paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let root = URL(fileURLWithPath: path)
            let enumerator = manager.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
            var found: [String] = []
            while let url = enumerator?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    found.append(url.path)
                }
            }
            files.append(contentsOf: found.sorted())
        }
        return (files, missing)
    }

    /// The demo library, each photo tagged with its wallpaper's name.
    public static func demoItems(root: String = "/usr/share/wallpapers") -> [ImportItem] {
        demoPhotos(root: root).map { path in
            let theme = path.dropFirst(root.count + 1).split(separator: "/").first.map(String.init)
            return ImportItem(path: path, tags: theme.map { [$0] } ?? [])
        }
    }

    /// The demo library: the largest rendition of each wallpaper in Debian's plasma-workspace-wallpapers.
    public static func demoPhotos(root: String = "/usr/share/wallpapers") -> [String] {
        let manager = FileManager.default
        guard let themes = try? manager.contentsOfDirectory(atPath: root) else { return [] }
        return themes.sorted().compactMap { theme in
            let folder = "\(root)/\(theme)/contents/images"
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return nil }
            let best = names.max { pixels($0) < pixels($1) }
            return best.map { "\(folder)/\($0)" }
        }
    }

    /// `5120x2880.png` → 14 745 600.
    static func pixels(_ name: String) -> Int {
        let stem = name.split(separator: ".").first ?? ""
        let parts = stem.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? parts[0] * parts[1] : 0
    }
}
