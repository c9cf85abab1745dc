import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

/// A path the router has, asked with a method it lacks, is 405 with `Allow`; a path it lacks is 404.
@Suite struct MethodNotAllowedTests {
    @Test func aKnownPathWithAnotherMethodIs405WithAllow() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let web = TemporaryDirectory("method-web")
        _ = web.write(Array("<html></html>".utf8), to: "index.html")
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let cases: [(String, HTTPRequest.Method, String)] = [
                ("/api/v1/tags", .put, "GET"),
                ("/api/v1/photos/\(fixture.ids[0])", .post, "DELETE, GET, PATCH"),
                ("/api/v1/photos", .delete, "GET, POST"),
                ("/api/v1/session", .put, "DELETE, GET, POST"),
                ("/parse/classes/Resource/AAAAAAAAAA", .post, "DELETE, GET, PUT"),
                ("/static/abc/app.js", .post, "GET, HEAD"),
                ("/api/v1/timeline", .head, "GET"),
            ]
            for (uri, method, allow) in cases {
                try await client.execute(uri: uri, method: method) { (response: TestResponse) async throws in
                    #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                    #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                    #expect(try response.errorCode() == "method_not_allowed")
                }
            }
        }
    }

    @Test func anUnknownPathOrAMissingPhotoStays404() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            for uri in ["/api/v1/nosuch", "/nosuch", "/api/v1/photos/x/y/z", "/static"] {
                try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(response.headers[.allow] == nil)
                    #expect(try response.errorCode() == "not_found")
                }
            }
            try await client.execute(uri: "/api/v1/photos/AAAAAAAAAAAA", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.allow] == nil)
            }
        }
    }

    @Test func aRouteMatchesAsTheRouterDoes() throws {
        let path = RouterPath("static/{version}/**")
        #expect(RouteMethods.matches(path, ["static", "v1", "app.js"]))
        #expect(RouteMethods.matches(path, ["static", "v1", "lib", "x.js"]))
        #expect(!RouteMethods.matches(path, ["static", "v1"]))
        #expect(RouteMethods.matches(RouterPath("photos/{id}"), ["photos", "x"]))
        #expect(!RouteMethods.matches(RouterPath("photos/{id}"), ["photos", "x", "y"]))
        #expect(!RouteMethods.matches(RouterPath("photos/{id}"), ["photo", "x"]))
    }
}
