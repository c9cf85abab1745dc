import Testing

@testable import HTTPParsing

/// `FormQuery`: query strings decoded as `application/x-www-form-urlencoded`, the way clients encode them.
@Suite struct FormQueryTests {
    func pairs(_ query: String?) -> [[String]] {
        FormQuery(query).pairs.map { [$0.name, $0.value] }
    }

    @Test func plusIsASpaceInNamesAndValuesThenEscapesDecode() {
        // Python's urlencode of {"where": '{"filename": "a b.jpg"}'}, as ParsePy sends it.
        #expect(pairs("where=%7B%22filename%22%3A+%22a+b.jpg%22%7D") == [["where", #"{"filename": "a b.jpg"}"#]])
        #expect(pairs("q=yellow+flower&x=%2B") == [["q", "yellow flower"], ["x", "+"]])
        #expect(pairs("my+name=1&%71=2") == [["my name", "1"], ["q", "2"]])
        #expect(pairs("q=caf%C3%A9&r=caf%c3%a9") == [["q", "café"], ["r", "café"]])
    }

    @Test func splittingFollowsTheFormRules() {
        #expect(pairs(nil) == [] && pairs("") == [])
        #expect(pairs("a=b=c") == [["a", "b=c"]], "the first = separates")
        #expect(pairs("flag&=v&&&k=") == [["flag", ""], ["", "v"], ["k", ""]], "empty pieces are skipped")
        #expect(pairs("k%3Dx=v%26w") == [["k=x", "v&w"]], "escaped separators are data")
        let query = FormQuery("a=1&b=2&a=3")
        #expect(query["a"] == "1" && query["b"] == "2" && query["c"] == nil)
        #expect(query.getAll("a") == ["1", "3"])
    }

    @Test func invalidEscapesStayLiterallyAndBadUTF8BecomesReplacement() {
        #expect(
            pairs("a=%&b=%4&c=%zz&d=%%41&e=100%") == [
                ["a", "%"], ["b", "%4"], ["c", "%zz"], ["d", "%A"], ["e", "100%"],
            ])
        #expect(
            pairs("a=%FF&b=%C3&c=%ED%A0%80") == [
                ["a", "\u{FFFD}"], ["b", "\u{FFFD}"], ["c", "\u{FFFD}\u{FFFD}\u{FFFD}"],
            ])
        #expect(pairs("nul=%00") == [["nul", "\u{0}"]], "decoded as sent; handlers judge the value")
    }

}
