import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

/// The web client ships without its comments and gzipped when the browser takes gzip.
@Suite struct WebCompressionTests {
    static let repositoryWeb = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Web").path

    @Test func minifierDropsCommentsIndentationAndSpaces() {
        let source = """
            /** A doc comment
             * spanning lines. */
            // a line comment
            export function f(a) {
                const url = 'http://example.com/x'; // kept: not at line start
                const re = /\\/p\\/([^/]+)$/;
                /* one-line block */
                const t = `line one
                  // inside a template: kept verbatim
                line three`;
                return a + url + re + t;
            }

            """
        let out = String(decoding: WebMinifier.minify(Array(source.utf8), path: "x.js"), as: UTF8.self)
        #expect(
            out == """
                export function f(a){
                const url='http://example.com/x';
                const re=/\\/p\\/([^/]+)$/;
                const t=`line one
                      // inside a template: kept verbatim
                    line three`;
                return a+url+re+t;
                }

                """)
        let css = "/* theme */\n.a {\n  color: red; /* why */\n}\n"
        #expect(
            String(decoding: WebMinifier.minify(Array(css.utf8), path: "s.css"), as: UTF8.self)
                == ".a {\ncolor: red; /* why */\n}\n")
        #expect(WebMinifier.minify([0, 97, 115, 109], path: "engine.wasm") == [0, 97, 115, 109])
    }

    /// Spaces go only where no token changes: the minified code computes what the source computes.
    @Test func squeezedCodeComputesTheSame() throws {
        let source = """
            export function f(a, b) {
              const s = 'a  b // c', t = `x ${ `y  z` } ${ a + 1 } ${ '}' } ${ `in ${ b * 2 }  x` } ${ { a: 1 }.a }`; // a trailing comment
              const re = / +\\/\\/ [a-z]+ /g, d = (a + 4) / 2 / b, e = [a] / 2;
              const g = a ? .5 : 1, h = a<b ? 1 : 2, i = 'x' /* inline */ + "y  'z'";
              if (typeof a === 'number') return [s, t, 'p  q //  r'.replace(re, '-'), d, e, g, h, i, a - -b, a + ++b,
                b - --a, 1 .toString(), /=\\s+/.test('= '), a instanceof Object, void 0];
              return null
            }
            let n = 1
            n
            ++n
            console.log(JSON.stringify(f(3, 2)), n)

            """
        let minified = WebMinifier.joined(WebMinifier.minify(Array(source.utf8), path: "x.js"))
        #expect(minified.count < source.utf8.count * 4 / 5)
        let dir = TemporaryDirectory("squeeze")
        func run(_ bytes: [UInt8], _ name: String) throws -> String {
            let node = Process()
            node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            node.arguments = ["node", dir.write(bytes, to: name)]
            let out = Pipe()
            node.standardOutput = out
            try node.run()
            node.waitUntilExit()
            return String(decoding: out.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        }
        let expected = try run(Array(source.utf8), "source.mjs")
        #expect(
            expected.hasPrefix(
                #"["a  b // c","x y  z 4 } in 4  x 1","p  q //  r",1.75,1.5,0.5,2,"xy  'z'",5,6,1,"1",true"#))
        #expect(try run(minified, "minified.mjs") == expected)
        // Lines after `{ , ; ( [` go on, where a line break never ends a statement; `n` and `++n` stay apart.
        let text = String(decoding: minified, as: UTF8.self)
        #expect(text.hasPrefix("export function f(a,b){const s="))
        #expect(text.contains("let n=1\nn\n++n\n"))
        // Code inside `${…}` is squeezed too; a template's own text is not.
        #expect(text.contains("`x ${`y  z`} ${a+1} ${'}'} ${`in ${b*2}  x`} ${{a:1}.a}`"))
    }

    /// The real client, minified, must still parse: `node --check` on every module.
    @Test func minifiedClientModulesStillParse() throws {
        let assets = try #require(try WebAssets(root: Self.repositoryWeb))
        let dir = TemporaryDirectory("minified")
        let scripts = assets.files.keys.filter { $0.hasSuffix(".js") }
        #expect(scripts.count >= 5)
        for name in scripts {
            let file = try #require(assets.files[name])
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.repositoryWeb + "/" + name))
            // app.js is the bundle of the modules it imports (WebBundle).
            #expect(name == "app.js" || file.bytes.count < original.count, "\(name) should shrink")
            let path = dir.write(file.bytes, to: name.replacingOccurrences(of: "/", with: "_") + ".mjs")
            let node = Process()
            node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            node.arguments = ["node", "--check", path]
            let errors = Pipe()
            node.standardError = errors
            try node.run()
            node.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
            #expect(node.terminationStatus == 0, "\(name): \(message)")
        }
    }

    @Test func gzipRoundTripsThroughTheSystemTools() throws {
        let text = Array(String(repeating: "vitrine gallery ", count: 500).utf8)
        let packed = try #require(Gzip.compress(text))
        #expect(packed.count < text.count / 10)
        #expect(packed.prefix(2) == [0x1f, 0x8b])
        let dir = TemporaryDirectory("gzip")
        let path = dir.write(packed, to: "x.gz")
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gunzip.arguments = ["gzip", "-dc", path]
        let out = Pipe()
        gunzip.standardOutput = out
        try gunzip.run()
        let data = out.fileHandleForReading.readToEndRetryingInterrupts()
        gunzip.waitUntilExit()
        #expect(Array(data) == text)
    }

    @Test func staticFilesAreGzippedOnlyWhenAccepted() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let assets = try #require(try WebAssets(root: Self.repositoryWeb))
        let plain = try #require(assets.files["engine.js"])
        let packed = try #require(plain.gzipped)
        try await fixture.makeApp(webRoot: Self.repositoryWeb).test(.router) { client in
            let uri = "/static/\(assets.version)/engine.js"
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"]) {
                response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(Array(response.body.readableBytesView) == packed)
                #expect(response.headers[.contentLength] == String(packed.count))
            }
            for refusal in ["", "gzip;q=0, identity", "br", "*;q=0"] {
                let headers: HTTPFields = refusal.isEmpty ? [:] : [.acceptEncoding: refusal]
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    #expect(response.headers[.contentEncoding] == nil, "\(refusal)")
                    #expect(response.headers[.vary] == "Accept-Encoding")
                    #expect(Array(response.body.readableBytesView) == plain.bytes)
                }
            }
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "*"]) {
                #expect($0.headers[.contentEncoding] == "gzip")
            }
        }
    }
}

/// The index page preloads the modules app.js needs, found from their static imports.
@Suite struct WebModuleGraphTests {
    @Test func followsStaticImportsTransitivelyOnly() {
        let files: [String: [UInt8]] = [
            "app.js": Array(
                """
                import { a } from './a.js';
                import './lib/b.js';
                const later = () => import('./lazy.js');
                // import { x } from './commented.js';

                """.utf8),
            "a.js": Array("import { b } from \"./lib/b.js\";\nimport { app } from './app.js';\n".utf8),
            "lib/b.js": Array("import { c } from '../c.js';\nimport { out } from '../../etc/passwd';\n".utf8),
            "c.js": Array("export const c = 1;\n".utf8),
            "lazy.js": Array("export {};\n".utf8),
            "commented.js": Array("export {};\n".utf8),
        ]
        #expect(WebModuleGraph.dependencies(of: "app.js", in: files) == ["a.js", "lib/b.js", "c.js"])
        #expect(WebModuleGraph.resolve("../../etc/passwd", from: "lib/b.js") == nil)
    }

    @Test func theRealClientIsOneBundleWithNothingLeftToPreload() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let assets = try #require(try WebAssets(root: WebCompressionTests.repositoryWeb))
        let app = String(decoding: try #require(assets.files["app.js"]).bytes, as: UTF8.self)
        for module in ["engine.js", "api.js", "grid.js", "viewer.js", "images.js", "thumbhash.js", "search.js"] {
            #expect(app.contains("const \(WebBundle.namespace(module)) = (() => {"), "\(module)")
        }
        // The modules loaded later share the bundle's modules.
        let debug = String(decoding: try #require(assets.files["debug.js"]).bytes, as: UTF8.self)
        #expect(debug.contains("import { $m_viewer_js } from './app.js';"))
        try await fixture.makeApp(webRoot: WebCompressionTests.repositoryWeb).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { (response: TestResponse) async throws in
                let html = String(decoding: response.bytes, as: UTF8.self)
                #expect(!html.contains(#"<link rel="modulepreload""#))
                #expect(!html.contains("{{"))
            }
        }
    }

    @Test func theIndexIsGzippedWhenAccepted() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: WebCompressionTests.repositoryWeb).test(.router) { client in
            let plain = try await client.execute(uri: "/", method: .get) { (response: TestResponse) async throws in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == "Accept-Encoding, Cookie")  // the layout cookie picks the page
                return (Array(response.body.readableBytesView), response.headers[.eTag])
            }
            try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip"]) {
                (response: TestResponse) async throws in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.eTag] != plain.1)
                let packed = Array(response.body.readableBytesView)
                #expect(packed.prefix(2) == [0x1f, 0x8b])
                #expect(packed.count < plain.0.count / 2)
                let dir = TemporaryDirectory("index-gz")
                let gunzip = Process()
                gunzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                gunzip.arguments = ["gzip", "-dc", dir.write(packed, to: "index.gz")]
                let out = Pipe()
                gunzip.standardOutput = out
                try gunzip.run()
                let data = out.fileHandleForReading.readToEndRetryingInterrupts()
                gunzip.waitUntilExit()
                #expect(Array(data) == plain.0)
            }
        }
    }
}
