import Foundation
import TestSupport
import Testing

@testable import WebPackaging

/// The web client ships without its comments and its text is gzipped.
@Suite struct WebMinifierTests {
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
            try ChildProcess.run("/usr/bin/env", ["node", dir.write(bytes, to: name)]).output
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
            let check = try ChildProcess.run("/usr/bin/env", ["node", "--check", path])
            #expect(check.status == 0, "\(name): \(check.output)")
        }
    }

    @Test func gzipRoundTripsThroughTheSystemTools() throws {
        let text = Array(String(repeating: "vitrine gallery ", count: 500).utf8)
        let packed = try #require(Gzip.compress(text))
        #expect(packed.count < text.count / 10)
        #expect(packed.prefix(2) == [0x1f, 0x8b])
        let dir = TemporaryDirectory("gzip")
        let path = dir.write(packed, to: "x.gz")
        let gunzip = try ChildProcess.run("/usr/bin/env", ["gzip", "-dc", path])
        #expect(gunzip.status == 0)
        #expect(gunzip.output == String(decoding: text, as: UTF8.self))
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

    @Test func theRealClientIsOneBundleAndLaterModulesShareIt() throws {
        let assets = try #require(try WebAssets(root: WebMinifierTests.repositoryWeb))
        let app = String(decoding: try #require(assets.files["app.js"]).bytes, as: UTF8.self)
        for module in [
            "engine/engine.js", "engine/wasm.js", "core/api.js", "core/library.js", "grid/grid.js", "grid/input.js",
            "core/images.js", "ui/search.js",
        ] {
            #expect(app.contains("const \(WebBundle.namespace(module)) = (() => {"), "\(module)")
        }
        // The viewer loads on first use, a file of its own that takes the bundle's modules from it.
        #expect(!app.contains("const \(WebBundle.namespace("viewer/viewer.js")) = (() => {"))
        let viewer = String(decoding: try #require(assets.files["viewer/viewer.js"]).bytes, as: UTF8.self)
        #expect(viewer.contains("import { $m_core_images_js } from '../app.js';"))
        let debug = String(decoding: try #require(assets.files["viewer/debug.js"]).bytes, as: UTF8.self)
        #expect(debug.contains("import { $m_core_images_js } from '../app.js';"))
        // A bundled module's own URLs point from app.js: the wasm next to its binding, the CSS at the root.
        #expect(app.contains("new URL('./engine/engine.wasm',import.meta.url)"))
        #expect(app.contains("new URL('./more.css',import.meta.url)"))
    }
}

/// The index page's placeholders.
@Suite struct TemplateTests {
    @Test func templateFillsEachSlotOnce() {
        let template = Template("a {{x}} b {{y}} {{ not a slot }} {{z")
        #expect(template.fill(["x": "{{y}}", "y": "Y"]) == "a {{y}} b Y {{ not a slot }} {{z")
        let early = template.resolving(["y": "{{x}}"])
        #expect(early.fill(["x": "1"]) == "a 1 b {{x}} {{ not a slot }} {{z")
        #expect(Template("").fill([:]) == "" && Template("{{}}").fill([:]) == "{{}}")
    }
}
