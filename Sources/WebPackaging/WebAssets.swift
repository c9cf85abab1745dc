import Crypto
import Foundation
import VitrineCore

/// The web client's files, read once at start-up and served from memory.
///
/// Every file is addressed as `/static/<version>/<path>`, where `version` is a hash of the whole folder,
/// so those URLs can be cached forever: any change to any file gives every file a new URL. Only
/// `index.html` is revalidated; its `{{static}}` placeholders become `/static/<version>`, and modules
/// import each other by relative URL, so they resolve under the same version.
package struct WebAssets: Sendable {
    package struct File: Sendable {
        package var bytes: [UInt8]
        package var contentType: String
        /// The same bytes gzipped, when that saves something worth a `Vary` (text, and wasm).
        package var gzipped: [UInt8]?

        init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
            if let packed = Gzip.compress(bytes), packed.count < bytes.count * 9 / 10 { gzipped = packed }
        }
    }

    package let version: String
    package let files: [String: File]
    /// index.html with `{{static}}` resolved; `{{layout}}` (`GridStyle`), `{{first-screen}}` and
    /// `{{first-tiles}}` (`FirstScreen`) are filled per request.
    package let index: Template

    /// Reads `root` recursively (hidden files skipped). Nil when there is no `index.html`.
    package init?(root: String) throws {
        let manager = FileManager.default
        guard let indexData = manager.contents(atPath: root + "/index.html") else { return nil }
        var sources: [String: [UInt8]] = [:]
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        let enumerator = manager.enumerator(
            at: rootURL, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(rootURL.path.count + 1))
            guard relative != "index.html", let data = manager.contents(atPath: url.path) else { continue }
            sources[relative] = WebMinifier.minify([UInt8](data), path: relative)
        }
        // One script for the first visit, when the modules keep to what WebBundle reads; else as they are.
        if let bundled = WebBundle.bundle(entry: "app.js", files: sources) { sources = bundled }
        for (path, bytes) in sources where path.hasSuffix(".js") || path.hasSuffix(".mjs") {
            sources[path] = WebMinifier.joined(bytes)
        }
        let files = sources.reduce(into: [String: File]()) { files, source in
            files[source.key] = File(bytes: source.value, contentType: Self.contentType(of: source.key))
        }
        var hasher = SHA256()
        hasher.update(data: indexData)
        for name in files.keys.sorted() {
            hasher.update(data: Array(name.utf8) + [0])
            hasher.update(data: files[name]!.bytes)
        }
        let version = Hex.encode(hasher.finalize().prefix(6))
        self.version = version
        self.files = files
        let preloads = WebModuleGraph.dependencies(of: "app.js", in: files.mapValues(\.bytes)).map {
            #"<link rel="modulepreload" href="/static/\#(version)/\#($0)">"#
        }
        index = Template(String(decoding: indexData, as: UTF8.self)).resolving([
            "modulepreload": preloads.joined(separator: "\n"), "static": "/static/\(version)",
        ])
    }

    package static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "wasm": "application/wasm"
        case "html": "text/html; charset=utf-8"
        case "json", "webmanifest": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
