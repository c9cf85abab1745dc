import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing

@testable import Compat
@testable import VitrineServer

/// `/parse/classes/Resource`: ToyPhotoGallery's class, read-only, with Parse's query language and errors.
@Suite struct ParseRouteTests {
    static let app: HTTPFields = [.parseApplicationId: "toy-app", .parseRESTAPIKey: "any"]
    static var isoPattern: Regex<Substring> { #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/# }

    func query(_ client: some TestClientProtocol, _ parameters: [String: String]) async throws -> TestResponse {
        var components = URLComponents()
        components.path = "/parse/classes/Resource"
        components.queryItems = parameters.map { URLQueryItem(name: $0.key, value: $0.value) }
        // `+` in JSON dates must survive: encode it too.
        let uri = components.string!.replacingOccurrences(of: "+", with: "%2B")
        return try await client.execute(uri: uri, method: .get, headers: Self.app) { $0 }
    }

    func results(_ response: TestResponse) throws -> [[String: Any]] {
        #expect(response.status == .ok, "\(response.text)")
        return try #require(try response.json()["results"] as? [[String: Any]])
    }

    @Test func applicationIdIsRequired() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for headers: HTTPFields in [[:], [.parseApplicationId: "wrong"], [.parseRESTAPIKey: "toy-app"]] {
                for uri in ["/parse/classes/Resource", "/parse/classes/Resource/abcdefghij"] {
                    try await client.execute(uri: uri, method: .get, headers: headers) {
                        (response: TestResponse) async throws in
                        #expect(response.status == .forbidden)
                        #expect(response.text == #"{"error":"unauthorized"}"#)
                    }
                }
            }
        }
    }

    @Test func everyObjectHasTheColumnsAndTypes() async throws {
        let fixture = try await CompatFixture(colourPhotos: 2)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let objects = try results(try await query(client, [:]))
            #expect(objects.count == fixture.ids.count)
            for object in objects {
                #expect(
                    Set(object.keys) == [
                        "objectId", "createdAt", "updatedAt", "filename", "thumbnailURLString", "fileURLString",
                        "width", "height",
                    ])
                let objectId = try #require(object["objectId"] as? String)
                #expect(objectId.count == 10 && objectId.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
                for date in ["createdAt", "updatedAt"] {
                    let text = try #require(object[date] as? String)
                    #expect(text.wholeMatch(of: Self.isoPattern) != nil, "\(text)")
                }
                let filename = try #require(object["filename"] as? String)
                let item = try #require(try await fixture.library.catalog.compatPhoto(objectId: objectId))
                #expect(filename == item.photo.originalName)
                #expect(object["width"] as? Int == item.photo.width && object["height"] as? Int == item.photo.height)
                let thumb = try #require(object["thumbnailURLString"] as? String)
                let file = try #require(object["fileURLString"] as? String)
                #expect(thumb == CompatFixture.publicURL + "/assets/" + item.item.variants[.thumbWebP]!.blobKey.hex)
                #expect(
                    file == CompatFixture.publicURL + "/assets/" + item.item.variants[.preview]!.blobKey.hex + ".jpg")
                try await client.execute(uri: String(file.dropFirst(CompatFixture.publicURL.count)), method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .ok)
                }
                // The single-object route answers the same object.
                try await client.execute(uri: "/parse/classes/Resource/\(objectId)", method: .get, headers: Self.app) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .ok)
                    let single = try response.json()
                    #expect(single["objectId"] as? String == objectId)
                    #expect(single["fileURLString"] as? String == file)
                }
            }
            // Stable: the same photo keeps its object id.
            let again = try results(try await query(client, [:])).compactMap { $0["objectId"] as? String }
            #expect(Set(again) == Set(objects.compactMap { $0["objectId"] as? String }))
        }
    }

    @Test func missingObjectsAndWritesGetParseErrors() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for id in ["ZZZZZZZZZZ", "short", "has-dash!!"] {
                try await client.execute(uri: "/parse/classes/Resource/\(id)", method: .get, headers: Self.app) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .notFound)
                    #expect(response.text == #"{"code":101,"error":"Object not found."}"#)
                }
            }
            let writes: [(HTTPRequest.Method, String, String)] = [
                (.post, "/parse/classes/Resource", "create"), (.put, "/parse/classes/Resource/abcdefghij", "update"),
                (.delete, "/parse/classes/Resource/abcdefghij", "delete"),
            ]
            for (method, uri, action) in writes {
                try await client.execute(uri: uri, method: method, headers: Self.app, body: ByteBuffer(string: "{}")) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .badRequest)
                    #expect(
                        response.text
                            == #"{"code":119,"error":"Permission denied for action \#(action) on class Resource."}"#)
                }
            }
            #expect(try await fixture.library.catalog.count() == fixture.ids.count, "nothing was written")
            // Other classes exist for nobody.
            #expect(
                try results(
                    try await client.execute(uri: "/parse/classes/Other?count=1", method: .get, headers: Self.app) {
                        $0
                    }
                ).isEmpty)
        }
    }

    @Test func countThenPagesWithSkipAndLimitReturnEveryPhotoOnce() async throws {
        let fixture = try await CompatFixture(colourPhotos: 5)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let counted = try await query(client, ["count": "1", "limit": "0"])
            #expect(counted.text == #"{"count":7,"results":[]}"#)
            for order in ["-createdAt", "createdAt", "-updatedAt", "width,-createdAt", "filename"] {
                var seen: [String] = []
                var skip = 0
                while true {
                    let page = try results(try await query(client, ["order": order, "skip": "\(skip)", "limit": "2"]))
                    if page.isEmpty { break }
                    seen += page.compactMap { $0["objectId"] as? String }
                    skip += 2
                }
                #expect(seen.count == 7 && Set(seen).count == 7, "\(order)")
            }
            let newest = try results(try await query(client, ["order": "-createdAt", "limit": "1"]))
            let oldest = try results(try await query(client, ["order": "createdAt", "limit": "1"]))
            #expect(newest.first?["objectId"] as? String != oldest.first?["objectId"] as? String)
            let both = try await query(client, ["count": "1", "limit": "3"])
            #expect(try both.json()["count"] as? Int == 7)
            #expect(try results(both).count == 3)
            #expect(try results(try await query(client, ["limit": "5000"])).count == 7, "clamped, not refused")
        }
    }

    @Test func updatedAtMovesOnEdit() async throws {
        let fixture = try await CompatFixture(colourPhotos: 2)
        try await Task.sleep(for: .milliseconds(5))
        _ = try await fixture.library.catalog.update(id: fixture.ids[1], .init(title: "Edited"))
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let first = try #require(try results(try await query(client, ["order": "-updatedAt", "limit": "1"])).first)
            #expect(first["filename"] as? String == "photo1.jpg")
            #expect((first["updatedAt"] as? String)! > (first["createdAt"] as? String)!)
        }
    }

    @Test func whereSupportsEachOperator() async throws {
        let fixture = try await CompatFixture(colourPhotos: 3)
        let catalog = fixture.library.catalog
        let all = try await catalog.resources(ResourceQuery(), counting: false).items.sorted { $0.number < $1.number }
        let middle = all[2].photo.importedAt
        let iso = ParseDate.string(milliseconds: middle)
        let date = #"{"__type":"Date","iso":"\#(iso)"}"#
        func count(_ whereJSON: String) async throws -> Int {
            try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
                try results(try await query(client, ["where": whereJSON])).count
            }
        }
        let atOrBefore = all.filter { $0.photo.importedAt <= middle }.count
        let before = all.filter { $0.photo.importedAt < middle }.count
        #expect(try await count(#"{"filename":"photo1.jpg"}"#) == 1)
        #expect(try await count(#"{"filename":{"$ne":"photo1.jpg"}}"#) == 4)
        #expect(try await count(#"{"objectId":{"$in":["\#(all[0].objectId)","\#(all[3].objectId)","nope"]}}"#) == 2)
        #expect(try await count(#"{"objectId":{"$nin":["\#(all[0].objectId)"]}}"#) == 4)
        #expect(try await count(#"{"createdAt":{"$lte":\#(date)}}"#) == atOrBefore)
        #expect(try await count(#"{"createdAt":{"$lt":\#(date)}}"#) == before)
        #expect(try await count(#"{"createdAt":{"$gt":\#(date)}}"#) == 5 - atOrBefore)
        #expect(try await count(#"{"createdAt":{"$gte":\#(date)}}"#) == 5 - before)
        #expect(try await count(#"{"createdAt":\#(date)}"#) == atOrBefore - before)
        #expect(try await count(#"{"width":{"$gt":650,"$lt":700}}"#) == 2)
        #expect(try await count(#"{"height":500}"#) == 1)
        #expect(try await count(#"{"width":{"$gte":500},"height":{"$lte":400}}"#) == 1)
        #expect(try await count(#"{"filename":{"$exists":true}}"#) == 5)
        #expect(try await count(#"{"thumbnailURLString":{"$exists":false}}"#) == 0)
        // Injection attempts are inert values.
        #expect(try await count(#"{"filename":"x' OR 1=1 --"}"#) == 0)
    }

    @Test func badQueriesGetCode102() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let cases: [([String: String], String)] = [
            (["where": "{not json"], "Invalid where: not a JSON object"),
            (["where": "[1]"], "Invalid where: not a JSON object"),
            (["where": #"{"owner":"x"}"#], "Invalid key name: owner"),
            (["where": #"{"$or":[]}"#], "Unsupported operator: $or"),
            (["where": #"{"filename":{"$regex":"x"}}"#], "Unsupported operator: $regex"),
            (
                ["where": #"{"createdAt":{"$gt":"2020-01-01"}}"#],
                #"bad date for createdAt: use {"__type":"Date","iso":"…"}"#
            ),
            (["where": #"{"width":"wide"}"#], "bad value for width"),
            (["where": #"{"width":true}"#], "bad value for width"),
            (["where": #"{"objectId":{"$in":"x"}}"#], "bad $in value"),
            (["where": #"{"filename":{"$exists":1}}"#], "bad $exists value"),
            (["where": #"{"fileURLString":"x"}"#], "Cannot query fileURLString: it is built per request (use $exists)"),
            (["order": "-owner"], "Cannot sort by owner"),
            (["order": "thumbnailURLString"], "Cannot sort by thumbnailURLString"),
            (["limit": "-1"], "Invalid limit: -1"),
            (["limit": "ten"], "Invalid limit: ten"),
            (["skip": "-3"], "Invalid skip: -3"),
        ]
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for (parameters, message) in cases {
                let response = try await query(client, parameters)
                #expect(response.status == .badRequest, "\(parameters)")
                let body = try response.decode(ParseError.Body.self)
                #expect(body == ParseError.Body(code: 102, error: message), "\(parameters)")
            }
        }
    }

    @Test func keysRestrictTheFields() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let objects = try results(try await query(client, ["keys": "width,filename,unknown"]))
            for object in objects {
                #expect(Set(object.keys) == ["objectId", "createdAt", "updatedAt", "width", "filename"])
            }
        }
    }
}
