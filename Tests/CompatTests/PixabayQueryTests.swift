import Catalog
import HTTPParsing
import Testing

@testable import Compat
@testable import VitrineServer

/// The pure Pixabay parameter parser: what real clients send, and the inputs that must not trap.
@Suite struct PixabayQueryTests {
    func parse(_ query: String) throws(PixabayQueryError) -> PixabayQuery { try PixabayQuery(FormQuery(query)) }

    func refused(_ query: String) -> String? {
        do {
            _ = try parse(query)
            return nil
        } catch {
            return error.parameter
        }
    }

    @Test func pixabayPythonsQueryIsRead() throws {
        // Exactly what pixabay-python 1.1.0 sends for searchImage(q="red rose") with no minimums.
        let query = try parse(
            "key=K&q=red+rose&lang=en&min_width=None&min_height=None&editors_choice=False&safe_search=False"
                + "&order=popular&pretty=False&page=1&per_page=20&image_type=all&orientation=all")
        #expect(query.text == "red rose")
        #expect(query.minWidth == 0 && query.minHeight == 0 && !query.pretty)
        #expect(query.page == 1 && query.perPage == 20 && query.order == .popular && query.orientation == .all)
    }

    @Test func placeholdersAreAbsentAndBooleansAnyCase() throws {
        let absent = try parse(
            "q=&id=null&orientation=None&min_width=&min_height=undefined&order=NONE"
                + "&page=None&per_page=null&callback=&colors=None&pretty=")
        #expect(absent == PixabayQuery())
        for (text, value) in [
            ("true", true), ("True", true), ("TRUE", true), ("1", true), ("false", false), ("False", false),
            ("0", false),
        ] {
            #expect(try parse("pretty=\(text)").pretty == value, "\(text)")
        }
        #expect(refused("pretty=yes") == "pretty")
        #expect(refused("editors_choice=maybe") == "editors_choice")
        #expect(refused("safesearch=2") == "safesearch")
        #expect(try parse("editors_choice=True&safesearch=FALSE").text == nil)
    }

    @Test func hugePagesAreRefusedBeforeAnyQuery() throws {
        #expect(refused("page=9223372036854775807&per_page=200") == "page")
        #expect(refused("page=99999999999999999999999") == "page")
        #expect(refused("page=26&per_page=20") == "page")
        #expect(try parse("page=25&per_page=20").offset == 480)
        #expect(try parse("page=3&per_page=200").offset == 400)
        #expect(refused("per_page=9223372036854775807") == "per_page")
        #expect(refused("id=99999999999999999999") == "id")
        #expect(try parse("id=9223372036854775807").number == Int64.max)
        #expect(refused("page=-99999999999999999999") == "page")
        #expect(refused("min_width=1000001") == "min_width")
        var query = PixabayQuery()
        query.page = Int.max
        query.perPage = 200
        #expect(query.offset == Int.max, "saturates rather than traps")
    }

    @Test func qIsBoundedInScalarsAndUsesTheJSONAPIsFilter() throws {
        #expect(try parse("q=" + String(repeating: "%F0%9F%98%80", count: 100)).text?.unicodeScalars.count == 100)
        #expect(refused("q=" + String(repeating: "%C3%A9", count: 101)) == "q")
        // One Character of 151 scalars: within 100 Characters, but not within 100 scalars (nor 400 bytes).
        #expect(refused("q=e" + String(repeating: "%CC%81", count: 150)) == "q")
        for q in [#"NEAR(a b) OR c*"#, "\u{D4E}\"", "a:b ^c -d", "yellow+flower"] {
            let query = try parse("q=" + q.formEncoded)
            let expected = q.replacingOccurrences(of: "+", with: " ")
            #expect(query.compatSearch.filter == PhotoFilter(query: expected), "the JSON API's q filter")
        }
    }

    @Test func searchCarriesEveryCriterion() throws {
        let search = try parse(
            "q=beach&id=7&orientation=vertical&min_width=10&min_height=20&colors=red,+grayscale&order=latest"
                + "&page=2&per_page=5"
        ).compatSearch
        var expected = CompatSearch()
        expected.filter = PhotoFilter(query: "beach")
        expected.number = 7
        expected.orientation = .vertical
        expected.minWidth = 10
        expected.minHeight = 20
        expected.grayscaleOnly = true
        expected.order = .latest
        expected.offset = 5
        expected.limit = 5
        #expect(search == expected)
    }
}
