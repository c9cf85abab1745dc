import Access
import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import ServerTestSupport
import Testing

@testable import Compat
@testable import VitrineServer

/// `GET /api/`: Pixabay's fields, types, parameters, errors and paging, against a real library.
@Suite struct PixabayRouteTests {
    static let hitFields: Set<String> = [
        "id", "pageURL", "type", "tags", "previewURL", "previewWidth", "previewHeight", "webformatURL",
        "webformatWidth", "webformatHeight", "largeImageURL", "imageWidth", "imageHeight", "imageSize", "views",
        "downloads", "collections", "favorites", "likes", "comments", "user_id", "user", "userImageURL",
    ]
    static let integerFields = hitFields.subtracting([
        "pageURL", "type", "tags", "previewURL", "webformatURL", "largeImageURL", "user", "userImageURL",
    ])

    /// PixabayCollections' model: every field required, decoded with snake_case conversion.
    struct ClientHit: Decodable {
        let id: Int, pageURL: String, type: String, tags: String, previewURL: String, previewWidth: Int
        let previewHeight: Int, webformatURL: String, webformatWidth: Int, webformatHeight: Int
        let largeImageURL: String, imageWidth: Int, imageHeight: Int, imageSize: Int, views: Int, downloads: Int
        let favorites: Int, collections: Int, likes: Int, comments: Int, userId: Int, user: String
        let userImageURL: String
    }
    struct ClientResponse: Decodable {
        let total: Int, totalHits: Int, hits: [ClientHit]
    }

    @Test func everyFieldHasPixabaysNameAndType() async throws {
        let fixture = try await CompatFixture()
        let tagged = fixture.ids[0]
        let number = try await fixture.number(of: tagged)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            try await client.execute(uri: "/api/?key=\(fixture.key)&id=\(number)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let json = try response.json()
                #expect(Set(json.keys) == ["total", "totalHits", "hits"])
                #expect(json["total"] as? Int == 1)
                #expect(json["totalHits"] as? Int == 1)
                let hits = try #require(json["hits"] as? [[String: Any]])
                let hit = try #require(hits.first)
                #expect(Set(hit.keys) == Self.hitFields)
                for field in Self.integerFields {
                    // NSNumber bridges booleans too; a JSON integer is a number that is not a boolean.
                    let value = try #require(hit[field] as? NSNumber, "\(field)")
                    #expect(value.doubleValue == value.doubleValue.rounded(), "\(field) is an integer")
                    #expect(!(hit[field] is String), "\(field)")
                }
                for field in Self.hitFields.subtracting(Self.integerFields) {
                    #expect(hit[field] is String, "\(field) is a string")
                }
                // What a Pixabay client decodes, every field required.
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                let decoded = try decoder.decode(ClientResponse.self, from: Data(response.bytes))
                let item = try #require(decoded.hits.first)
                let photo = try #require(try await fixture.library.catalog.photo(id: tagged)).photo
                let base = CompatFixture.publicURL
                #expect(item.id == Int(number))
                #expect(item.pageURL == "\(base)/p/\(tagged)")
                #expect(item.type == "photo")
                #expect(item.tags == "beach, Sunset")
                #expect(item.imageWidth == photo.width && item.imageHeight == photo.height)
                #expect(item.imageSize == Int(photo.byteSize))
                #expect(item.previewURL == "\(base)/api/v1/photos/\(tagged)/sized/150.jpg")
                #expect(item.webformatURL == "\(base)/api/v1/photos/\(tagged)/sized/640.jpg")
                #expect(item.largeImageURL == "\(base)/api/v1/photos/\(tagged)/sized/1280.jpg")
                #expect(max(item.previewWidth, item.previewHeight) == 150)
                #expect(max(item.webformatWidth, item.webformatHeight) == 640)
                #expect(item.views == 0 && item.downloads == 0)
                #expect(item.collections == 0 && item.favorites == 0 && item.likes == 0 && item.comments == 0)
                #expect(item.userId == 42 && item.user == "Ada")
                #expect(item.userImageURL == "https://photos.example.org/ada.png")
            }
        }
    }

    @Test func keyErrorsAreWordForWord() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let revoked = try await APIKeys(catalog: fixture.library.catalog).create(label: "old")
        #expect(try await APIKeys(catalog: fixture.library.catalog).revoke(id: try #require(revoked.record.id)))
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for uri in ["/api/", "/api/?key=", "/api/?key=nope", "/api/?key=\(revoked.key)", "/api/?q=x"] {
                try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(response.text == "[ERROR 400] Invalid or missing API key", "\(uri)")
                    #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                }
            }
            // With or without the trailing slash.
            try await client.execute(uri: "/api?key=\(fixture.key)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func outOfRangeParametersGetPixabaysWording() async throws {
        let fixture = try await CompatFixture(colourPhotos: 2)
        let cases: [(String, String)] = [
            ("per_page=2", "per_page"), ("per_page=201", "per_page"), ("per_page=abc", "per_page"),
            ("page=0", "page"), ("page=2&per_page=20", "page"), ("page=-1", "page"),
            ("q=" + String(repeating: "a", count: 101), "q"), ("orientation=diagonal", "orientation"),
            ("order=random", "order"), ("min_width=-5", "min_width"), ("min_height=x", "min_height"),
            ("id=0", "id"), ("id=abc", "id"), ("callback=alert(1)", "callback"), ("callback=1abc", "callback"),
        ]
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for (query, parameter) in cases {
                try await client.execute(uri: "/api/?key=\(fixture.key)&\(query)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(response.text == "[ERROR 400] \"\(parameter)\" is out of valid range.", "\(query)")
                    #expect(response.headers[.rateLimitLimit] == "100", "errors for a valid key carry the limits")
                }
            }
            // Accepted and ignored: the documented parameters that mean nothing here.
            let ignored = "lang=de&image_type=photo&category=nature&editors_choice=true&safesearch=true&colors=red"
            try await client.execute(uri: "/api/?key=\(fixture.key)&\(ignored)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(try response.json()["total"] as? Int == fixture.ids.count)
            }
            // Exactly 100 characters is fine; an empty result's page 1 is an answer, not an error.
            let hundred = String(repeating: "a", count: 100)
            try await client.execute(uri: "/api/?key=\(fixture.key)&q=\(hundred)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(try response.json()["totalHits"] as? Int == 0)
            }
        }
    }

    @Test func pagingWalkReturnsEveryPhotoOnce() async throws {
        let fixture = try await CompatFixture(colourPhotos: 5)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for order in ["popular", "latest"] {
                var seen: [Int] = []
                for page in 1...3 {
                    try await client.execute(
                        uri: "/api/?key=\(fixture.key)&per_page=3&page=\(page)&order=\(order)", method: .get
                    ) { (response: TestResponse) async throws in
                        #expect(response.status == .ok)
                        let json = try response.json()
                        #expect(json["total"] as? Int == 7)
                        let hits = try #require(json["hits"] as? [[String: Any]])
                        #expect(hits.count == (page < 3 ? 3 : 1))
                        seen += hits.compactMap { $0["id"] as? Int }
                    }
                }
                #expect(seen.count == 7 && Set(seen).count == 7, "\(order): \(seen)")
                try await client.execute(uri: "/api/?key=\(fixture.key)&per_page=3&page=4", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.text == "[ERROR 400] \"page\" is out of valid range.")
                }
            }
        }
    }

    @Test func totalHitsIsCappedAt500() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let rows = (0..<510).map { index in
            let id = PhotoID.make()
            return (
                photo: PhotoRecord(
                    id: id, contentHash: "bulk-\(index)", originalName: "bulk\(index).jpg", format: "jpeg",
                    mimeType: "image/jpeg", byteSize: 100, width: 800, height: 600, takenAt: Int64(index),
                    takenAtSource: "file", thumbHash: Data([1]), averageColor: "#336699", importedAt: Int64(index),
                    updatedAt: Int64(index)),
                variants: [VariantRecord](), tags: [String]()
            )
        }
        try await fixture.library.catalog.insertMany(rows)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            try await client.execute(uri: "/api/?key=\(fixture.key)&per_page=200&page=3", method: .get) {
                (response: TestResponse) async throws in
                let json = try response.json()
                #expect(json["total"] as? Int == 513)
                #expect(json["totalHits"] as? Int == 500)
                #expect((json["hits"] as? [Any])?.count == 100)
            }
            try await client.execute(uri: "/api/?key=\(fixture.key)&per_page=20&page=26", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.text == "[ERROR 400] \"page\" is out of valid range.")
            }
            try await client.execute(uri: "/api/?key=\(fixture.key)&per_page=20&page=25", method: .get) {
                (response: TestResponse) async throws in
                #expect((try response.json()["hits"] as? [Any])?.count == 20)
            }
        }
    }

    func ids(_ client: some TestClientProtocol, _ fixture: CompatFixture, _ query: String) async throws -> [Int] {
        try await client.execute(uri: "/api/?key=\(fixture.key)&\(query)", method: .get) {
            (response: TestResponse) async throws in
            #expect(response.status == .ok, "\(query)")
            return try #require(try response.json()["hits"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
    }

    @Test func filtersNarrowTheHits() async throws {
        let fixture = try await CompatFixture(colourPhotos: 3)
        var found: [String: Int] = [:]
        for id in fixture.ids { found[id] = Int(try await fixture.number(of: id)) }
        let numbers = found
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            #expect(
                try await ids(client, fixture, "q=beach").sorted()
                    == [numbers[fixture.ids[0]]!, numbers[fixture.ids[1]]!].sorted())
            // Words are ANDed, `+` separates them, prefixes match.
            #expect(try await ids(client, fixture, "q=beach+sun").count == 2)
            #expect(try await ids(client, fixture, "q=beach+sunset") == [numbers[fixture.ids[0]]!])
            #expect(try await ids(client, fixture, "q=beach%20sunrise") == [numbers[fixture.ids[1]]!])
            #expect(try await ids(client, fixture, "id=\(numbers[fixture.ids[2]]!)") == [numbers[fixture.ids[2]]!])
            #expect(try await ids(client, fixture, "id=999999").isEmpty)
            #expect(try await ids(client, fixture, "orientation=vertical") == [numbers[fixture.tallID]!])
            #expect(try await ids(client, fixture, "orientation=horizontal").count == 4)
            #expect(try await ids(client, fixture, "orientation=all").count == 5)
            #expect(try await ids(client, fixture, "min_height=481") == [numbers[fixture.tallID]!])
            #expect(try await ids(client, fixture, "min_width=650").count == 2)
            #expect(try await ids(client, fixture, "colors=grayscale") == [numbers[fixture.grayID]!])
            #expect(try await ids(client, fixture, "colors=red,grayscale") == [numbers[fixture.grayID]!])
        }
    }

    @Test func popularOrdersByCountersAndLatestByImport() async throws {
        let fixture = try await CompatFixture(colourPhotos: 3)
        let catalog = fixture.library.catalog
        try await catalog.increment(.views, photoId: fixture.ids[1])
        try await catalog.increment(.downloads, photoId: fixture.ids[1])
        try await catalog.increment(.views, photoId: fixture.ids[2])
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let popular = try await ids(client, fixture, "order=popular")
            #expect(
                Array(popular.prefix(2)) == [
                    Int(try await fixture.number(of: fixture.ids[1])),
                    Int(try await fixture.number(of: fixture.ids[2])),
                ])
            let latest = try await ids(client, fixture, "order=latest")
            #expect(latest.first == Int(try await fixture.number(of: fixture.grayID)), "the last import comes first")
            try await client.execute(
                uri: "/api/?key=\(fixture.key)&id=\(try await fixture.number(of: fixture.ids[1]))", method: .get
            ) { (response: TestResponse) async throws in
                let hit = try #require((try response.json()["hits"] as? [[String: Any]])?.first)
                #expect(hit["views"] as? Int == 1 && hit["downloads"] as? Int == 1)
            }
        }
    }

    @Test func jsonpAndPretty() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            try await client.execute(uri: "/api/?key=\(fixture.key)&callback=app.handlers.done_1", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/javascript; charset=utf-8")
                #expect(response.headers[.contentTypeOptions] == "nosniff")
                let text = response.text
                #expect(text.hasPrefix("/**/app.handlers.done_1({"))
                #expect(text.hasSuffix("});"))
                let inner = text.dropFirst("/**/app.handlers.done_1(".count).dropLast(2)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(inner.utf8)) as? [String: Any])
                #expect(json["total"] as? Int == 3)
            }
            try await client.execute(uri: "/api/?key=\(fixture.key)&pretty=true", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.text.contains("\n  "))
                #expect(try response.json()["total"] as? Int == 3)
            }
            try await client.execute(uri: "/api/?key=\(fixture.key)", method: .get) {
                (response: TestResponse) async throws in
                #expect(!response.text.contains("\n"))
            }
        }
    }

    /// On a `--private` server the owner's session cookie authorises reads, and a script tag on another page
    /// sends it: JSONP would hand the library to that page, so there it is refused (JSON is still answered).
    @Test func aPrivateGalleryAnswersNoJSONP() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let token = try AdminToken(directory: fixture.library.directory).loadOrCreate().token
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) {
            (client: any TestClientProtocol) async throws in
            let cookie = try await client.execute(
                uri: "/api/v1/session", method: .post, headers: [.authorization: "Bearer \(token)"]
            ) { (response: TestResponse) async throws in
                String(try #require(response.headers[.setCookie]).split(separator: ";")[0])
            }
            try await client.execute(
                uri: "/api/?key=\(fixture.key)&callback=steal", method: .get, headers: [.cookie: cookie]
            ) { (response: TestResponse) async throws in
                #expect(response.status == .badRequest && !response.text.contains("steal("), "\(response.text)")
            }
            try await client.execute(uri: "/api/?key=\(fixture.key)", method: .get, headers: [.cookie: cookie]) {
                (response: TestResponse) async throws in #expect(response.status == .ok)
            }
        }
    }

    @Test func absoluteURLsComeFromConfigurationOrTheHost() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let id = fixture.ids[0]
        for (publicURL, base) in [(CompatFixture.publicURL, CompatFixture.publicURL), (nil, "http://localhost")] {
            try await fixture.makeApp(publicURL: publicURL).test(.router) {
                (client: any TestClientProtocol) async throws in
                // The router test client sends `localhost` as the authority.
                let url = try await client.execute(uri: "/api/?key=\(fixture.key)&order=latest", method: .get) {
                    (response: TestResponse) async throws in
                    try #require((try response.json()["hits"] as? [[String: Any]])?.last?["pageURL"] as? String)
                }
                #expect(url == "\(base)/p/\(id)")
            }
        }
    }
}
