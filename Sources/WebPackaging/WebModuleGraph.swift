/// The static `import` graph of the web client's modules, so the index page can `modulepreload` every
/// module the entry point needs at once instead of the browser discovering them one level at a time
/// (app.js → grid.js → images.js → thumbhash.js is four round trips otherwise).
///
/// Only top-level static imports count (`import … from './x.js'`, `import './x.js'`); dynamic
/// `import()` is left out on purpose: those modules load later, when they are needed.
enum WebModuleGraph {
    /// Paths of the modules `entry` imports, directly or not, in a stable order; `entry` excluded.
    static func dependencies(of entry: String, in files: [String: [UInt8]]) -> [String] {
        var seen: Set<String> = [entry]
        var order: [String] = []
        var queue = [entry]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            guard let bytes = files[path] else { continue }
            for target in imports(in: String(decoding: bytes, as: UTF8.self), from: path)
            where files[target] != nil && seen.insert(target).inserted {
                order.append(target)
                queue.append(target)
            }
        }
        return order
    }

    /// Relative specifiers of the static imports at the start of a line, resolved against `path`.
    static func imports(in source: String, from path: String) -> [String] {
        var out: [String] = []
        for line in source.split(separator: "\n") {
            let text = line.drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("import ") || text.hasPrefix("import{") || text.hasPrefix("import'") else {
                continue
            }
            // The specifier is the last quoted string of the line: `from './x.js'` or `import './x.js'`.
            guard let close = text.lastIndex(where: { $0 == "'" || $0 == "\"" }) else { continue }
            let quote = text[close]
            guard let open = text[..<close].lastIndex(of: quote) else { continue }
            let specifier = text[text.index(after: open)..<close]
            guard specifier.hasPrefix("./") || specifier.hasPrefix("../") else { continue }
            if let resolved = resolve(String(specifier), from: path) { out.append(resolved) }
        }
        return out
    }

    /// `./b.js` from `lib/a.js` is `lib/b.js`; nil if it climbs out of the folder.
    static func resolve(_ specifier: String, from path: String) -> String? {
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for part in specifier.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
