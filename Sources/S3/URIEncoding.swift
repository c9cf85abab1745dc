/// SigV4's percent-encoding: every byte but the unreserved `A-Z a-z 0-9 - _ . ~` becomes `%XX` (upper-case
/// hex), on the UTF-8 bytes. The same text goes into the URL and into the canonical request, so what is
/// signed is exactly what is sent.
enum URIEncoding {
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Encodes `text`; with `keepSlash`, `/` stays as it is (paths), otherwise it is encoded (query parts).
    static func encode(_ text: String, keepSlash: Bool = false) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
