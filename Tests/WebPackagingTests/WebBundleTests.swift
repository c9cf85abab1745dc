import Foundation
import TestSupport
import Testing

@testable import WebPackaging

/// The entry module and its static imports become one file that runs as the modules would.
@Suite struct WebBundleTests {
    static func files(_ sources: [String: String]) -> [String: [UInt8]] { sources.mapValues { Array($0.utf8) } }

    static let modules = files([
        "app.js": """
        import { a, b as bee } from './a.js';
        import { c } from './c.js';
        console.log(JSON.stringify([a(), bee, c.n]));
        import('./lazy.js').then((m) => console.log(m.same()));

        """,
        "a.js": "import { c } from './c.js';\nexport function a() { return c.n + 1; }\nexport const b = 'B';\n",
        "c.js": "export const c = { n: 41 };\n",
        // Loaded later: it must share c with the bundle, not get a second one.
        "lazy.js":
            "import { c } from './c.js';\nimport { a } from './a.js';\nexport function same() { c.n += 1; return a(); }\n",
    ])

    @Test func runsLikeTheModulesAndSharesThemWithModulesLoadedLater() throws {
        let bundled = try #require(WebBundle.bundle(entry: "app.js", files: Self.modules))
        let app = String(decoding: try #require(bundled["app.js"]), as: UTF8.self)
        #expect(!app.contains("import {"))
        #expect(app.contains("const $m_c_js = (() => {"))
        // c before a (a imports it); a lazy module imports the bundle's copy.
        #expect(app.range(of: "$m_c_js = ")!.lowerBound < app.range(of: "$m_a_js = ")!.lowerBound)
        #expect(String(decoding: bundled["lazy.js"] ?? [], as: UTF8.self).contains("from './app.js'"))

        let output = try Self.run(bundled)
        // 43: the lazy module's increment reached the bundle's c.
        #expect(output == "[42,\"B\",41]\n43\n")
    }

    /// Runs the bundle's `app.js` under Node, each file written at its path; what it prints (nil on failure).
    static func run(_ bundled: [String: [UInt8]]) throws -> String? {
        let dir = TemporaryDirectory("bundle")
        _ = dir.write(Array(#"{"type":"module"}"#.utf8), to: "package.json")
        for (name, bytes) in bundled {
            let folder = WebBundle.directory(of: name)
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: dir.file(folder), withIntermediateDirectories: true)
            }
            _ = dir.write(bytes, to: name)
        }
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", dir.path + "/app.js"]
        let pipe = Pipe()
        node.standardOutput = pipe
        try node.run()
        node.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        return node.terminationStatus == 0 ? output : nil
    }

    @Test(arguments: [
        ("export default", "c.js", "export default { n: 41 };\n"),
        ("export list", "c.js", "const c = { n: 41 };\nexport { c };\n"),
        (
            "namespace import", "a.js",
            "import * as all from './c.js';\nexport function a() { return 1; }\nexport const b = 2;\n"
        ),
        ("cycle", "c.js", "import { a } from './a.js';\nexport const c = { n: 41 };\n"),
        ("bare import", "a.js", "import './c.js';\nexport function a() { return 1; }\nexport const b = 2;\n"),
        ("squeezed bare import", "a.js", "import'./c.js';\nexport function a() { return 1; }\nexport const b = 2;\n"),
        ("later bare import", "lazy.js", "import'./c.js';\nexport function same() { return 0; }\n"),
        ("destructured export", "c.js", "export const { c } = { c: { n: 41 } };\n"),
    ])
    func anythingOutsideTheSubsetIsServedUnbundled(_ what: String, _ file: String, _ source: String) {
        var files = Self.modules
        files[file] = Array(source.utf8)
        #expect(WebBundle.bundle(entry: "app.js", files: files) == nil, "\(what)")
    }

    /// Modules in folders: the bundle runs at app.js's URL, so their own relative URLs are rewritten to
    /// reach the same files, and a later module in another folder imports the bundle by its own path.
    @Test func modulesInFoldersKeepTheirRelativeURLs() throws {
        let files = Self.files([
            "app.js": """
            import { a, data, more } from './lib/a.js';
            console.log(JSON.stringify([a(), data]));
            more().then((m) => console.log(m.same()));

            """,
            "lib/a.js": """
            import { c } from '../core/c.js';
            export function a() { return c.n + 1; }
            export const data = new URL('./data.txt', import.meta.url).pathname.split('/').slice(-2).join('/');
            export const more = () => import('../ui/lazy.js');

            """,
            "core/c.js": "export const c = { n: 41 };\n",
            "ui/lazy.js":
                "import { c } from '../core/c.js';\nimport { a } from '../lib/a.js';\nexport function same() { c.n += 1; return a(); }\n",
        ])
        #expect(try Self.run(files) == "[42,\"lib/data.txt\"]\n43\n")
        let bundled = try #require(WebBundle.bundle(entry: "app.js", files: files))
        let app = String(decoding: try #require(bundled["app.js"]), as: UTF8.self)
        #expect(app.contains("const $m_core_c_js = (() => {"))
        #expect(String(decoding: bundled["ui/lazy.js"] ?? [], as: UTF8.self).contains("from '../app.js'"))
        #expect(try Self.run(bundled) == "[42,\"lib/data.txt\"]\n43\n")
    }

    @Test func relativeSpecifiers() {
        #expect(WebBundle.relative("x.js", from: "") == "./x.js")
        #expect(WebBundle.relative("lib/x.js", from: "") == "./lib/x.js")
        #expect(WebBundle.relative("x.js", from: "ui") == "../x.js")
        #expect(WebBundle.relative("lib/x.js", from: "ui/deep") == "../../lib/x.js")
        #expect(WebBundle.relative("ui/x.js", from: "ui") == "./x.js")
    }
}
