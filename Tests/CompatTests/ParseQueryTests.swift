import Catalog
import HTTPParsing
import Testing

@testable import Compat
@testable import VitrineServer

/// The pure Parse query parser: what real clients send, and the inputs that must not trap or exhaust.
@Suite struct ParseQueryTests {
    func parse(_ query: String) throws(ParseQueryError) -> ParseQuery { try ParseQuery(FormQuery(query)) }

    func message(_ query: String) -> String? {
        do {
            _ = try parse(query)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func parsePyWhereWithPlusSpacesIsRead() throws {
        // Exactly what ParsePy 0.3 sends for Resource.Query.filter(filename="Colorful Cups.jpg").limit(2).
        let query = try parse("where=%7B%22filename%22%3A+%22Colorful+Cups.jpg%22%7D&limit=2")
        #expect(query.conditions == [.compare(.filename, .equal, .text("Colorful Cups.jpg"))])
        #expect(query.limit == 2)
        let dated = try parse(
            "where=%7B%22createdAt%22%3A+%7B%22%24lt%22%3A+%7B%22__type%22%3A+%22Date%22%2C+%22iso%22%3A+"
                + "%222001-02-03T04%3A05%3A06.000Z%22%7D%7D%7D&count=1")
        #expect(dated.conditions == [.compare(.createdAt, .less, .date(981_173_106_000))])
        #expect(dated.counting)
    }

    @Test func placeholdersAreAbsentAndBooleansAnyCase() throws {
        let absent = try parse("limit=None&skip=null&count=&order=undefined&keys=NULL&where=None")
        #expect(absent == ParseQuery())
        for (text, value) in [
            ("1", true), ("true", true), ("True", true), ("TRUE", true), ("0", false), ("False", false),
        ] {
            #expect(try parse("count=\(text)").counting == value, "\(text)")
        }
        #expect(message("count=maybe") == "Invalid count: maybe")
    }

    @Test func hugeNumbersNeitherTrapNorPass() throws {
        #expect(try parse("limit=99999999999999999999999999").limit == ParseQuery.maximumLimit, "clamped like Parse")
        #expect(try parse("limit=9223372036854775807").limit == ParseQuery.maximumLimit)
        #expect(message("skip=9223372036854775808") == "Invalid skip: 9223372036854775808")
        #expect(message("skip=10000001") == "Invalid skip: 10000001")
        #expect(try parse("skip=10000000&limit=1000").skip == 10_000_000)
        #expect(message("limit=-9223372036854775809") == "Invalid limit: -9223372036854775809")
        #expect(message("limit=1e3") == "Invalid limit: 1e3")
        // Echoed input is cut, in UTF-8 bytes on a scalar boundary.
        let long = String(repeating: "é", count: 500)
        let echoed = try #require(message("limit=\(long)"))
        #expect(echoed.utf8.count <= 82 && echoed.hasSuffix("…"))
    }

    @Test func orderCountsEachFieldOnce() throws {
        let repeated = Array(repeating: "width", count: 3000).joined(separator: ",")
        #expect(
            try parse("order=\(repeated),-createdAt,-width").order == [
                ParseSort(field: .width, descending: false), ParseSort(field: .createdAt, descending: true),
            ])
        #expect(try parse("order=+width,+-height").order.count == 2, "+ is a space, trimmed")
        #expect(message("order=" + String(repeating: "x", count: 5000))?.utf8.count ?? 0 < 100)
    }

    @Test func whereIsBoundedInBytesDepthAndValues() throws {
        let deep = String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
        #expect(
            message("where=" + #"{"width":\#(deep)}"#.formEncoded)
                == "Invalid where: nested deeper than \(ParseQuery.maximumWhereDepth) levels")
        let veryDeep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(message("where=" + veryDeep.formEncoded) == "Invalid where: nested deeper than 8 levels")
        #expect(message("where=" + #"{"width":1e999}"#.formEncoded) == "Invalid where: a number is out of range")
        #expect(message("where=" + #"{"width":-1e400}"#.formEncoded) == "Invalid where: a number is out of range")
        #expect(try parse("where=" + #"{"width":1e300}"#.formEncoded).conditions.count == 1)
        let big = "{" + String(repeating: " ", count: ParseQuery.maximumWhereBytes) + "}"
        #expect(message("where=" + big.formEncoded) == "Invalid where: longer than 10000 bytes")
        let values = (0..<600).map(String.init).joined(separator: ",")
        #expect(
            message("where=" + #"{"width":{"$in":[\#(values)]},"height":{"$nin":[\#(values)]}}"#.formEncoded)
                == "bad $in value: more than 1000 values in where", "height's 600, then width's 600")
        #expect(
            message("where=" + #"{"\#(String(repeating: "k", count: 5000))":1}"#.formEncoded)?.utf8.count ?? 0 < 100)
    }

    @Test func jsonIsReadStrictly() throws {
        func json(_ text: String) -> JSONValue? { try? JSONValue.parse(text, maximumDepth: 8) }
        #expect(
            json(#" {"a" : [1, -2.5e-3, true, null, "\u00e9\ud83d\ude00\n"]} "#)
                == .object(["a": .array([.number(1), .number(-0.0025), .bool(true), .null, .string("é😀\n")])]))
        #expect(json(#"{"a":1,"a":2}"#) == .object(["a": .number(2)]), "the last duplicate wins, as in JS")
        for bad in [
            "", "{", #"{"a":1}x"#, "[1,]", "{,}", "01", "1.", ".5", "-", "+1", "tru", "nul", #""\ud800""#,
            #""\udc00""#, #""\ud800\u0041""#, "\"a\u{01}\"", #""\x""#, "'a'", "NaN", "Infinity", "[1 2]",
        ] {
            #expect(json(bad) == nil, "\(bad)")
        }
    }

    @Test func datesAreReadStrictlyWithoutTrapping() {
        #expect(ParseDate.milliseconds("1970-01-01T00:00:00Z") == 0)
        #expect(ParseDate.milliseconds("2018-03-04T05:06:07.089Z") == 1_520_139_967_089)
        #expect(ParseDate.milliseconds("2018-03-04T06:06:07.089+01:00") == 1_520_139_967_089)
        #expect(ParseDate.milliseconds("2018-03-04T04:36:07.089-0030") == 1_520_139_967_089)
        #expect(ParseDate.milliseconds("2018-03-04T05:06:07.0899999Z") == 1_520_139_967_089, "cut to ms, as JS")
        #expect(ParseDate.milliseconds("2018-03-04T05:06:07.1Z") == 1_520_139_967_100)
        #expect(ParseDate.milliseconds("2020-02-29T00:00:00Z") == 1_582_934_400_000)
        #expect(ParseDate.milliseconds("0000-01-01T00:00:00Z") == -62_167_219_200_000)
        #expect(ParseDate.milliseconds("9999-12-31T23:59:59.999-23:59") == 253_402_387_139_999)
        for bad in [
            "2019-02-29T00:00:00Z", "2018-13-01T00:00:00Z", "2018-04-31T00:00:00Z", "2018-01-01T24:00:00Z",
            "2018-01-01T00:60:00Z", "2018-01-01T00:00:60Z", "2018-01-01T00:00:00", "2018-01-01 00:00:00Z",
            "2018-01-01T00:00:00.Z", "2018-01-01T00:00:00.1234567890Z", "2018-01-01T00:00:00+24:00",
            "+20018-01-01T00:00:00Z", "2018-01-01", "2018-01-01T00:00:00Zjunk", "２０１８-01-01T00:00:00Z",
        ] {
            #expect(ParseDate.milliseconds(bad) == nil, "\(bad)")
        }
    }

    @Test func fieldsMatchTheCatalogsColumns() {
        #expect(ParseField.allCases.map(\.rawValue) == ResourceField.allCases.map(\.rawValue))
        for field in ParseField.allCases {
            #expect(field.resourceField.rawValue == field.rawValue)
            #expect(field.isStored == field.resourceField.isStored, "\(field)")
            let kind: ResourceField.Kind =
                switch field.kind {
                case .text: .text
                case .number: .number
                case .date: .date
                }
            #expect(kind == field.resourceField.kind, "\(field)")
        }
    }
}

extension String {
    /// Percent-encodes every byte but letters and digits, as a strict form encoder does.
    var formEncoded: String {
        utf8.map { byte in
            let isPlain =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            return isPlain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }.joined()
    }

    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
