import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Compat
@testable import VitrineServer

/// The compatible routes given the exact URLs published clients send (ParsePy 0.3, pixabay-python 1.1),
/// and the parameter traps found auditing them. Tests/Clients drives the clients themselves.
@Suite struct ClientShapeRouteTests {
    static let app: HTTPFields = [
        .parseApplicationId: "toy-app", .parseRESTAPIKey: "any", .contentType: "application/json",
    ]

    func parse(_ client: some TestClientProtocol, _ query: String) async throws -> (HTTPResponse.Status, [String: Any])
    {
        try await client.execute(uri: "/parse/classes/Resource?" + query, method: .get, headers: Self.app) {
            ($0.status, try $0.json())
        }
    }

    @Test func parsePyQueriesWithPlusEncodedSpacesAreAnswered() async throws {
        let fixture = try await CompatFixture(colourPhotos: 2)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            // urlencode({"where": json.dumps({"filename": "photo1.jpg"}), "limit": 5}): `: ` became `%3A+`.
            let (status, body) = try await parse(client, "where=%7B%22filename%22%3A+%22photo1.jpg%22%7D&limit=5")
            #expect(status == .ok, "\(body)")
            #expect((body["results"] as? [[String: Any]])?.map { $0["filename"] as? String } == ["photo1.jpg"])
            let (counted, countBody) = try await parse(
                client, "where=%7B%22width%22%3A+%7B%22%24gte%22%3A+1%7D%7D&count=1")
            #expect(counted == .ok && countBody["count"] as? Int == fixture.ids.count)
            // A GET without arguments still ends in `?`.
            let (bare, bareBody) = try await parse(client, "")
            #expect(bare == .ok && (bareBody["results"] as? [Any])?.count == fixture.ids.count)
            let objectId = try #require((bareBody["results"] as? [[String: Any]])?.first?["objectId"] as? String)
            try await client.execute(uri: "/parse/classes/Resource/\(objectId)?", method: .get, headers: Self.app) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
            }
            let (placeholders, _) = try await parse(client, "limit=None&skip=null&count=False&where=")
            #expect(placeholders == .ok)
        }
    }

    @Test func parseTrapsAreClearRefusalsOrBounded() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            // More ORDER BY terms than SQLite allows (2000) would be a 500: a repeated field counts once.
            let (ordered, _) = try await parse(
                client, "order=" + Array(repeating: "width", count: 2100).joined(separator: ","))
            #expect(ordered == .ok)
            let cases: [(String, String)] = [
                (
                    "where=" + String(repeating: "%5B", count: 4000) + String(repeating: "%5D", count: 4000),
                    "Invalid where: nested deeper than 8 levels"
                ),
                ("where=%7B%22width%22%3A1e999%7D", "Invalid where: a number is out of range"),
                ("skip=99999999999999999999", "Invalid skip: 99999999999999999999"),
                ("count=perhaps", "Invalid count: perhaps"),
            ]
            for (query, message) in cases {
                let (status, body) = try await parse(client, query)
                #expect(status == .badRequest && body["code"] as? Int == 102, "\(query)")
                #expect(body["error"] as? String == message)
            }
            let (clamped, body) = try await parse(client, "limit=99999999999999999999")
            #expect(clamped == .ok && (body["results"] as? [Any])?.count == fixture.ids.count)
        }
    }

    @Test func pixabayPythonSearchesAreAnswered() async throws {
        let fixture = try await CompatFixture(colourPhotos: 2)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let sent =
                "/api/?key=\(fixture.key)&q=&lang=en&min_width=None&min_height=None&editors_choice=False"
                + "&safe_search=False&order=popular&pretty=True&page=1&per_page=20&image_type=all&orientation=all"
            try await client.execute(uri: sent, method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .ok, "\(response.text)")
                #expect(response.text.contains("\n  "), "pretty=True is true")
                #expect(try response.json()["totalHits"] as? Int == fixture.ids.count)
            }
            let withMinimum = sent.replacingOccurrences(of: "min_height=None", with: "min_height=481")
            try await client.execute(uri: withMinimum, method: .get) { (response: TestResponse) async throws in
                #expect(try response.json()["totalHits"] as? Int == 1, "only the tall photo")
            }
        }
    }

    @Test func pixabayTrapsAreClearRefusals() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for (query, parameter) in [
                ("page=9223372036854775807&per_page=200", "page"), ("page=99999999999999999999", "page"),
                ("q=e" + String(repeating: "%CC%81", count: 150), "q"), ("pretty=sometimes", "pretty"),
            ] {
                try await client.execute(uri: "/api/?key=\(fixture.key)&\(query)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(response.text == "[ERROR 400] \"\(parameter)\" is out of valid range.")
                }
            }
        }
    }

    @Test func pixabayQueryTextIsInertAsInTheJSONAPI() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            // A quote glued to a Prepend letter, FTS operators, columns, stars, a NUL: words, never syntax.
            for q in ["%E0%B5%8E%22", "NEAR%28a+b%29", "%22", "a*+OR+b", "-x+%5Eb", "title%3Aa", "%00", "%22%22%22"] {
                for uri in ["/api/?key=\(fixture.key)&q=\(q)", "/api/v1/photos?q=\(q)"] {
                    try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                        #expect(response.status == .ok, "\(uri)")
                    }
                }
            }
        }
    }
}
