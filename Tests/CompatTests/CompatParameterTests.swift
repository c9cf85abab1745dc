import Testing

@testable import Compat
@testable import VitrineServer

/// Single parameter values as the compatible APIs read them.
@Suite struct CompatParameterTests {
    func integer(_ text: String?) -> String {
        switch CompatParameter.integer(text) {
        case .absent: "absent"
        case .value(let value): "\(value)"
        case .overflow(let negative): negative ? "-overflow" : "overflow"
        case .invalid: "invalid"
        }
    }

    @Test func integersAreExactOrOverflowNeverWrapped() {
        #expect(integer(nil) == "absent" && integer("") == "absent" && integer("None") == "absent")
        #expect(integer("nUlL") == "absent" && integer("undefined") == "absent")
        #expect(integer("0") == "0" && integer("+5") == "5" && integer("-5") == "-5" && integer("007") == "7")
        #expect(integer("9223372036854775807") == "9223372036854775807")
        #expect(integer("-9223372036854775808") == "-9223372036854775808")
        #expect(integer("9223372036854775808") == "overflow")
        #expect(integer("-9223372036854775809") == "-overflow")
        #expect(integer(String(repeating: "9", count: 10_000)) == "overflow")
        for bad in ["-", "+", "1.5", "1e3", " 1", "1 ", "0x10", "١٢", "１２", "--1", "NaN"] {
            #expect(integer(bad) == "invalid", "\(bad)")
        }
    }

    @Test func booleansAndPlaceholders() {
        func boolean(_ text: String?) -> String {
            switch CompatParameter.boolean(text) {
            case .absent: "absent"
            case .value(let value): "\(value)"
            case .overflow, .invalid: "invalid"
            }
        }
        #expect(["True", "true", "TRUE", "tRuE", "1"].map(boolean) == Array(repeating: "true", count: 5))
        #expect(["False", "false", "FALSE", "0"].map(boolean) == Array(repeating: "false", count: 4))
        #expect([nil, "", "None", "null", "undefined"].map(boolean) == Array(repeating: "absent", count: 5))
        #expect(["yes", "no", "2", "truee", "t"].map(boolean) == Array(repeating: "invalid", count: 5))
    }

    @Test func excerptsAreCutInBytesOnScalarBoundaries() {
        #expect(CompatParameter.excerpt("short") == "short")
        let cut = CompatParameter.excerpt(String(repeating: "😀", count: 100), limit: 10)
        #expect(cut == "😀😀…")
        #expect(CompatParameter.trimmed("  a b\t") == "a b" && CompatParameter.trimmed("   ") == "")
    }
}
