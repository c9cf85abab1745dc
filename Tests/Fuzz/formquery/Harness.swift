import HTTPParsing

/// libFuzzer target: any bytes as a raw query string. `FormQuery` must decode every input, and
/// re-encoding what it decoded (strictly, as a form encoder would) must decode to the same pairs.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size)
    let raw = String(decoding: bytes, as: UTF8.self)
    let query = FormQuery(raw)
    for pair in query.pairs {
        precondition(query[pair.name] != nil, "a decoded name is found again")
    }
    let encoded = query.pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    let again = FormQuery(encoded)
    precondition(again == query, "decode(encode(pairs)) == pairs")
    // The decoder reads bytes, so a value never gains a `+` or `%XX` it did not decode.
    for name in Set(query.pairs.map(\.name)) {
        precondition(query.getAll(name) == again.getAll(name))
    }
    return 0
}

/// application/x-www-form-urlencoded as browsers write it: unreserved bytes as they are, space as `+`,
/// everything else `%XX`.
func encode(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "*"):
            result.unicodeScalars.append(Unicode.Scalar(byte))
        case UInt8(ascii: " "):
            result += "+"
        default:
            let digits = Array("0123456789ABCDEF".unicodeScalars)
            result += "%"
            result.unicodeScalars.append(digits[Int(byte >> 4)])
            result.unicodeScalars.append(digits[Int(byte & 0x0F)])
        }
    }
    return result
}
