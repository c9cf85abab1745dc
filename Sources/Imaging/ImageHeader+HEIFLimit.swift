extension ImageHeader {
    /// The size libheif quotes when it refuses to open an image over its own limit ("Security limit exceeded:
    /// Image size 20000x20000 exceeds the maximum image size 16384x16384"), before libvips can read a header:
    /// so a HEIC bomb is refused as the pixel limit refuses a JPEG one. Each side is at most 2³¹, so their
    /// product cannot overflow; nil for any other message.
    static func sizeOverHEIFLimit(in message: String) -> (width: Int, height: Int)? {
        guard let start = message.range(of: "Image size ")?.upperBound else { return nil }
        var rest = message[start...]
        func side() -> Int? {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            rest = rest.dropFirst(digits.count)
            guard (1...10).contains(digits.count), let value = Int(digits), value <= 1 << 31 else { return nil }
            return value
        }
        guard let width = side(), rest.first == "x" else { return nil }
        rest = rest.dropFirst()
        guard let height = side(), rest.hasPrefix(" exceeds") else { return nil }
        return (width, height)
    }
}
