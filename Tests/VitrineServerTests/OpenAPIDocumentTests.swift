import Catalog
import Compat
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Metering
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

@testable import VitrineServer

/// `GET /api/v1/openapi.json`: a valid OpenAPI 3.1 document whose operations are exactly the router's routes.
@Suite struct OpenAPIDocumentTests {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    func document() throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        return try #require(parsed as? [String: Any])
    }

    /// `/api/` and `/api` are one route; `{name}` captures keep their names; the static route's recursive
    /// wildcard (`**`) is the document's `{path}` parameter.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/").map { $0 == "**" ? "{path}" : String($0) }
        return "/" + parts.joined(separator: "/")
    }

    /// The router as `vitrine serve` builds it: web client and every compat route mounted.
    func productionRoutes() async throws -> Set<String> {
        let fixture = try await ServerFixture(photos: 0)
        let web = TemporaryDirectory("openapi-web")
        _ = web.write(Array("<html>{{first-screen}}</html>".utf8), to: "index.html")
        let router = try VitrineServer.makeRouter(
            library: fixture.library, webRoot: web.path, access: AccessConfiguration(),
            compat: CompatConfiguration(), metrics: VitrineMetrics(), routes: [CompatRoutes(CompatConfiguration())])
        return Set(router.routes.map { "\($0.method.rawValue) \(Self.normalized($0.path.description))" })
    }

    func documentedOperations() throws -> Set<String> {
        let paths = try #require(try document()["paths"] as? [String: [String: Any]])
        var operations = Set<String>()
        for (path, item) in paths {
            for method in item.keys where Self.methods.contains(method) {
                operations.insert("\(method.uppercased()) \(Self.normalized(path))")
            }
        }
        return operations
    }

    @Test func declaresOpenAPI31() throws {
        let document = try document()
        let version = try #require(document["openapi"] as? String)
        #expect(version.hasPrefix("3.1."))
        #expect((document["info"] as? [String: Any])?["title"] as? String == "Vitrine")
    }

    @Test func describesExactlyTheRoutesTheRouterHas() async throws {
        let routes = try await productionRoutes()
        let documented = try documentedOperations()
        #expect(routes.subtracting(documented).sorted() == [], "routes the document does not describe")
        #expect(documented.subtracting(routes).sorted() == [], "operations the router does not have")
        // The comparison is only meaningful if the production router has every area mounted.
        for route in [
            "GET /api/v1/openapi.json", "GET /static/{version}/{path}", "GET /api",
            "PUT /parse/classes/{className}/{objectId}",
        ] {
            #expect(routes.contains(route), "\(route)")
        }
    }

    @Test func everyPathParameterIsDeclaredAndEveryOperationIdIsUnique() throws {
        let document = try document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operationIds: [String] = []
        for (path, item) in paths {
            let captures = Set(path.matches(of: /\{([^}]+)\}/).map { String($0.output.1) })
            let shared = try names(of: item["parameters"], in: document, location: "path")
            for (method, value) in item where Self.methods.contains(method) {
                let operation = try #require(value as? [String: Any])
                operationIds.append(try #require(operation["operationId"] as? String, "\(method) \(path)"))
                let own = try names(of: operation["parameters"], in: document, location: "path")
                #expect(shared.union(own) == captures, "\(method) \(path)")
                #expect(operation["responses"] is [String: Any], "\(method) \(path)")
            }
        }
        #expect(Set(operationIds).count == operationIds.count)
    }

    /// Every file URL the server writes matches the document's pattern, whatever its extension (an MP4's
    /// has a digit), and every file route documents video as well as images.
    @Test func everyAssetURLAndFileTypeTheServerAnswersIsDocumented() throws {
        let document = try document()
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let variant = try #require(schemas["VariantInfo"] as? [String: Any])
        let url = try #require((variant["properties"] as? [String: Any])?["url"] as? [String: Any])
        let pattern = try NSRegularExpression(pattern: try #require(url["pattern"] as? String))
        let key = try #require(BlobKey(hex: String(repeating: "ab", count: 32)))
        let types = [
            "image/jpeg", "image/png", "image/webp", "image/tiff", "image/gif", "image/heic", "image/avif", "image/jxl",
            "video/mp4", "video/quicktime", "video/x-m4v", "video/webm", "video/x-matroska", "video/3gpp",
        ]
        for type in types {
            let record = VariantRecord(
                photoId: "p", kind: .original, blobKey: key, mimeType: type, width: 1, height: 1, byteSize: 1)
            for assets in [AssetURLs(), AssetURLs().scoped(toLink: String(repeating: "A", count: 24), downloads: true)]
            {
                let made = assets.url(record)
                let whole = NSRange(made.startIndex..., in: made)
                #expect(pattern.firstMatch(in: made, range: whole) != nil, "\(type): \(made)")
            }
        }
        let paths = try #require(document["paths"] as? [String: Any])
        for (path, method) in [
            ("/assets/{name}", "get"), ("/api/v1/photos/{id}/download", "get"),
            ("/api/v1/links/{slug}/assets/{name}", "get"), ("/api/v1/trash/{id}/{file}", "get"),
        ] {
            let operation = try #require((paths[path] as? [String: Any])?[method] as? [String: Any], "\(path)")
            let ok = try #require(try response((operation["responses"] as? [String: Any])?["200"], in: document))
            #expect((ok["content"] as? [String: Any])?["video/*"] != nil, "\(path) answers video too")
        }
    }

    @Test func everyReferenceResolves() throws {
        let document = try document()
        var references: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        #expect(references.count > 50)
        for reference in references {
            #expect(try resolve(reference, in: document) != nil, "\(reference)")
        }
    }

    /// The schemes whose failures `AuthThrottle` counts: once an address has failed too often, every request
    /// from it that carries one of them answers 429 until the window ends.
    static let throttledCredentials: Set<String> = ["adminToken", "sessionCookie", "pixabayKey"]

    /// Every operation that takes a credential (it names a throttled scheme, or it can answer 401) lists the
    /// throttle's 429 with the `Retry-After` that says when to try again, as generated clients read it.
    @Test func everyOperationThatTakesCredentialsListsIts429WithRetryAfter() throws {
        let document = try document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var checked = 0
        for (path, item) in paths {
            for (method, value) in item where Self.methods.contains(method) {
                let operation = try #require(value as? [String: Any])
                let responses = try #require(operation["responses"] as? [String: Any])
                let schemes = Set((operation["security"] as? [[String: Any]] ?? []).flatMap(\.keys))
                guard !schemes.isDisjoint(with: Self.throttledCredentials) || responses["401"] != nil else { continue }
                checked += 1
                let tooMany = try response(responses["429"], in: document)
                let headers = tooMany?["headers"] as? [String: Any]
                let retryAfter = headers?["Retry-After"] as? [String: Any]
                #expect(retryAfter != nil, "\(method) \(path): no 429 with Retry-After")
                let schema = retryAfter?["schema"] as? [String: Any]
                #expect(schema?["type"] as? String == "integer", "\(method) \(path): Retry-After is seconds")
            }
        }
        #expect(checked > 25, "the walk found the credentialed operations")
    }

    /// A response object, its reference followed.
    func response(_ value: Any?, in document: [String: Any]) throws -> [String: Any]? {
        guard let object = value as? [String: Any] else { return nil }
        guard let reference = object["$ref"] as? String else { return object }
        return try resolve(reference, in: document) as? [String: Any]
    }

    @Test func isServedWithItsTypeAndRevalidatedByETag() async throws {
        let fixture = try await ServerFixture(photos: 0)
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            let etag = try await client.execute(uri: "/api/v1/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.bytes == OpenAPIDocument.bytes)
                return try #require(response.headers[.eTag])
            }
            // A strong validator: the first 12 bytes of the document's SHA-256, in hex.
            let digest = Array(SHA256.hash(data: OpenAPIDocument.bytes).prefix(12))
            #expect(etag == "\"" + digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\"")
            try await client.execute(uri: "/api/v1/openapi.json", method: .get, headers: [.ifNoneMatch: etag]) {
                #expect($0.status == .notModified)
                #expect($0.bytes.isEmpty)
            }
        }
    }

    func names(of parameters: Any?, in document: [String: Any], location: String) throws -> Set<String> {
        var names = Set<String>()
        for entry in parameters as? [[String: Any]] ?? [] {
            var parameter = entry
            if let reference = entry["$ref"] as? String {
                parameter = try #require(try resolve(reference, in: document) as? [String: Any])
            }
            if parameter["in"] as? String == location, let name = parameter["name"] as? String { names.insert(name) }
        }
        return names
    }

    /// A local JSON pointer (`#/components/schemas/Error`), or nil when it names nothing.
    func resolve(_ reference: String, in document: [String: Any]) throws -> Any? {
        guard reference.hasPrefix("#/") else { return nil }
        var current: Any = document
        for token in reference.dropFirst(2).split(separator: "/") {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let object = current as? [String: Any], let next = object[key] else { return nil }
            current = next
        }
        return current
    }
}
