/// How colourful a photo is, 0 (grey) to 1 (saturated primaries).
public enum Colorfulness {
    /// Below this mean chroma a photo counts as greyscale (JPEG noise gives grey photos a little chroma).
    public static let grayscaleThreshold = 0.04

    /// The chroma of a `#rrggbb` colour: a rough stand-in for photos imported before chroma was measured.
    public static func estimate(hexColor: String) -> Double {
        let digits = Array(hexColor.utf8.dropFirst())
        guard digits.count == 6, let value = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
            return 0
        }
        let channels = [value >> 16 & 255, value >> 8 & 255, value & 255]
        return Double(channels.max()! - channels.min()!) / 255
    }
}
