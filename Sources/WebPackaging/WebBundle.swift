/// Bundles the entry module and every module it imports statically into one file, so a visit fetches
/// one script instead of nine, and gzip finds the words the modules share (the web client's nine
/// modules: 22.0 KB gzipped one by one, 19.0 KB as one file).
///
/// Each bundled module becomes a function scope that returns its exports, run in dependency order, as
/// an ES module graph would run them (without live bindings: the client never reassigns an export).
/// Its `import { … } from './x.js'` lines become destructurings of the modules before it. Modules loaded
/// later with `import()` stay separate files, and their imports of bundled modules are rewritten to the
/// bundle's exports, so every module still exists once (one `tuning`, one image cache).
///
/// Modules may sit in any folder: the bundle runs at the entry's URL, so a bundled module's
/// own relative URLs (`import('./x.js')`, `new URL('./x.wasm', import.meta.url)`) are rewritten to point
/// from there, and a later module imports the bundle by its path from that module's folder.
///
/// The client keeps to a subset this reads line by line: one-line `import { a, b as c } from './x.js'`,
/// and `export` before `function`, `async function`, `class`, `const` or `let` with one name. Anything
/// else (`export default`, `export {…}`, `import *`, `import './x.js'`, a cycle) and nothing is bundled:
/// the files are served as they are.
enum WebBundle {
    /// The files with `entry` replaced by the bundle and the other modules' imports of bundled modules
    /// rewritten, or nil when the modules leave the subset.
    static func bundle(entry: String, files: [String: [UInt8]]) -> [String: [UInt8]]? {
        guard let order = dependencyOrder(entry: entry, files: files) else { return nil }
        let folder = directory(of: entry)
        var parsed: [String: Module] = [:]
        for path in order {
            guard let bytes = files[path],
                let module = Module(source: String(decoding: bytes, as: UTF8.self), path: path)
            else { return nil }
            parsed[path] = module
        }
        let bundled = Set(order)
        var out = ""
        for path in order where path != entry {
            guard let module = parsed[path] else { return nil }
            out += "const \(namespace(path)) = (() => {\n"
            out += module.body(namespaces: namespace, relocatedTo: folder)
            out += "return { \(module.exports.joined(separator: ", ")) };\n})();\n"
        }
        guard let main = parsed[entry] else { return nil }
        out += main.body(namespaces: namespace, relocatedTo: folder, keepExports: true)
        out += "export { \(order.filter { $0 != entry }.map(namespace).joined(separator: ", ")) };\n"

        var result = files
        result[entry] = Array(out.utf8)
        for (path, bytes) in files where !bundled.contains(path) && (path.hasSuffix(".js") || path.hasSuffix(".mjs")) {
            let source = String(decoding: bytes, as: UTF8.self)
            guard let rewritten = rewriteImports(source, path: path, bundled: bundled, entry: entry) else {
                return nil
            }
            if rewritten != source { result[path] = Array(rewritten.utf8) }
        }
        return result
    }

    /// Modules reachable from `entry` by static imports, each after the modules it imports; nil on a cycle.
    static func dependencyOrder(entry: String, files: [String: [UInt8]]) -> [String]? {
        var order: [String] = []
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        func visit(_ path: String) -> Bool {
            if let done = state[path] { return done }
            state[path] = false
            let source = String(decoding: files[path] ?? [], as: UTF8.self)
            for target in WebModuleGraph.imports(in: source, from: path) where files[target] != nil {
                guard visit(target) else { return false }
            }
            state[path] = true
            order.append(path)
            return true
        }
        return visit(entry) ? order : nil
    }

    /// The bundle's name for a module's exports: `images.js` → `$m_images_js`.
    static func namespace(_ path: String) -> String {
        "$m_" + String(path.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    static func directory(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }

    /// The specifier that reaches `path` from a module in `folder` (`./x.js`, `../x.js`, `./lib/x.js`).
    static func relative(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/").map(String.init)
        let base = folder.split(separator: "/").map(String.init)
        var shared = 0
        while shared < base.count, shared < target.count - 1, base[shared] == target[shared] { shared += 1 }
        let up = base.count - shared
        let rest = target[shared...].joined(separator: "/")
        return up == 0 ? "./" + rest : String(repeating: "../", count: up) + rest
    }

    /// `line` with the relative specifiers of `import('…')` and `new URL('…'` resolved against `path` and
    /// rewritten to reach the same files from `folder`.
    static func relocated(_ line: Substring, path: String, to folder: String) -> Substring {
        guard directory(of: path) != folder else { return line }
        var out = ""
        var rest = line
        while let opener = ["import(", "new URL("].compactMap({ rest.range(of: $0) }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
            out += rest[..<opener.upperBound]
            rest = rest[opener.upperBound...]
            guard let quote = rest.first, quote == "'" || quote == "\"",
                let close = rest.dropFirst().firstIndex(of: quote)
            else { continue }
            let specifier = String(rest[rest.index(after: rest.startIndex)..<close])
            if specifier.hasPrefix("./") || specifier.hasPrefix("../"),
                let target = WebModuleGraph.resolve(specifier, from: path)
            {
                out += "\(quote)\(relative(target, from: folder))\(quote)"
                rest = rest[rest.index(after: close)...]
            }
        }
        return Substring(out + rest)
    }

    /// A module that is not bundled: `import { a } from './bundled.js'` becomes an import of that module's
    /// exports from the bundle. Nil when such an import is outside the subset.
    static func rewriteImports(_ source: String, path: String, bundled: Set<String>, entry: String) -> String? {
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if isBareImport(line) { return nil }
            guard line.hasPrefix("import ") || line.hasPrefix("import{") else {
                lines.append(String(line))
                continue
            }
            guard let target = ImportLine(line, from: path) else { return nil }
            // The entry keeps its own exports: importing it needs no rewrite.
            guard bundled.contains(target.path), target.path != entry else {
                lines.append(String(line))
                continue
            }
            let name = namespace(target.path)
            lines.append("import { \(name) } from '\(relative(entry, from: directory(of: path)))';")
            lines.append(target.destructuring(from: name))
        }
        return lines.joined(separator: "\n")
    }
}

extension WebBundle {
    /// `import { a, b as c } from './x.js';`, read from one line.
    struct ImportLine {
        /// The imported module, resolved against the importing one.
        var path: String
        var names: [(imported: String, local: String)]

        init?(_ line: Substring, from importer: String) {
            var text = line
            while let last = text.last, last == ";" || last == " " { text = text.dropLast() }
            guard text.hasPrefix("import") else { return nil }
            var rest = text.dropFirst("import".count).drop { $0 == " " }
            guard rest.first == "{", let close = rest.firstIndex(of: "}") else { return nil }
            let list = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
            guard rest.hasPrefix("from") else { return nil }
            let specifier = rest.dropFirst("from".count).drop { $0 == " " }
            guard let quote = specifier.first, quote == "'" || quote == "\"", specifier.count >= 2,
                specifier.last == quote,
                let resolved = WebModuleGraph.resolve(String(specifier.dropFirst().dropLast()), from: importer)
            else { return nil }
            var names: [(String, String)] = []
            for item in list.split(separator: ",") {
                let words = item.split(separator: " ")
                switch words.count {
                case 1 where WebBundle.isIdentifier(words[0]): names.append((String(words[0]), String(words[0])))
                case 3 where words[1] == "as" && WebBundle.isIdentifier(words[0]) && WebBundle.isIdentifier(words[2]):
                    names.append((String(words[0]), String(words[2])))
                default: return nil
                }
            }
            path = resolved
            self.names = names
        }

        /// `const { a, b: c } = $m_x_js;`
        func destructuring(from namespace: String) -> String {
            let items = names.map { $0.imported == $0.local ? $0.local : "\($0.imported): \($0.local)" }
            return "const { \(items.joined(separator: ", ")) } = \(namespace);"
        }
    }

    /// A bundled module: its lines, with imports and exports read.
    struct Module {
        var lines: [Substring]
        var imports: [Int: ImportLine] = [:]
        var exports: [String] = []

        init?(source: String, path: String) {
            self.path = path
            lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if WebBundle.isBareImport(line) { return nil }
                if line.hasPrefix("import ") || line.hasPrefix("import{") {
                    guard let parsed = ImportLine(line, from: path) else { return nil }
                    imports[index] = parsed
                } else if line.hasPrefix("export ") {
                    guard let name = WebBundle.exportedName(line) else { return nil }
                    exports.append(name)
                }
            }
        }

        var path: String

        /// The module's code with imports as destructurings, its relative URLs as seen from `folder` and,
        /// unless kept, without `export`.
        func body(namespaces: (String) -> String, relocatedTo folder: String, keepExports: Bool = false) -> String {
            var out = ""
            for (index, line) in lines.enumerated() {
                if let parsed = imports[index] {
                    out += parsed.destructuring(from: namespaces(parsed.path)) + "\n"
                } else if !keepExports && line.hasPrefix("export ") {
                    out += WebBundle.relocated(line.dropFirst("export ".count), path: path, to: folder) + "\n"
                } else {
                    out += WebBundle.relocated(line, path: path, to: folder) + "\n"
                }
            }
            return out
        }
    }

    /// The name `export function f`, `export async function f`, `export class C`, `export const X =` or
    /// `export let x =` declares; nil for any other export.
    static func exportedName(_ line: Substring) -> String? {
        var rest = line.dropFirst("export".count).drop { $0 == " " }
        if rest.hasPrefix("async ") { rest = rest.dropFirst("async ".count).drop { $0 == " " } }
        guard let keyword = ["function", "class", "const", "let"].first(where: { rest.hasPrefix($0 + " ") }) else {
            return nil
        }
        rest = rest.dropFirst(keyword.count).drop { $0 == " " }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        guard isIdentifier(name) else { return nil }
        if keyword == "const" || keyword == "let" {
            // One plain name, then `=`: not a destructuring, not a list.
            guard rest.dropFirst(name.count).drop(while: { $0 == " " }).hasPrefix("=") else { return nil }
        }
        return String(name)
    }

    /// `import './x.js';`, which the minifier squeezes to `import'./x.js';`: it imports for the module's
    /// effects, which a destructuring cannot stand for.
    static func isBareImport(_ line: Substring) -> Bool {
        let rest = line.dropFirst("import".count).drop { $0 == " " }
        return line.hasPrefix("import") && (rest.first == "'" || rest.first == "\"")
    }

    static func isIdentifier(_ s: Substring) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" || first == "$" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    }
}
