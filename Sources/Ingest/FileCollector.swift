import Foundation

/// Expands the paths given to an import into the files to try, recursively and in a stable order.
public enum FileCollector {
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
