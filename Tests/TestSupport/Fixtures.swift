import Foundation
import Imaging

/// Images generated for tests, with libvips, in the formats and shapes the importer must handle.
public enum Fixtures {
    /// RGB pixels with a smooth gradient, deterministic noise (so JPEGs have real detail), and a pure red
    /// square marking the stored top-left corner (to check EXIF orientation after decoding).
    public static func pixels(
        width: Int, height: Int, bands: Int = 3, seed: UInt32 = 1, marker: Bool = true
    )
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: width * height * bands)
        var state = seed &* 2_654_435_761 | 1
        let markerSize = max(4, min(width, height) / 5)
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                let noise = Int(state % 24)
                let offset = (y * width + x) * bands
                let isMarker = marker && x < markerSize && y < markerSize
                let r = isMarker ? 255 : 20 + noise
                let g = isMarker ? 0 : 60 + (x * 120 / max(1, width)) + noise
                let b = isMarker ? 0 : 200 - (y * 100 / max(1, height)) + noise
                if bands == 1 {
                    out[offset] = UInt8(clamping: (r + g + b) / 3)
                    continue
                }
                out[offset] = UInt8(clamping: r)
                out[offset + 1] = UInt8(clamping: g)
                out[offset + 2] = UInt8(clamping: b)
                if bands == 4 { out[offset + 3] = x < width / 2 ? 255 : 0 }
            }
        }
        return out
    }

    /// Writes an image to `path` (saver from the suffix) and returns `path`.
    @discardableResult
    public static func write(
        _ path: String, width: Int = 900, height: Int = 600, bands: Int = 3, seed: UInt32 = 1,
        orientation: Int? = nil, fields: [String: String] = [:]
    ) throws -> String {
        try ImageWriter.write(
            pixels: pixels(width: width, height: height, bands: bands, seed: seed), width: width, height: height,
            bands: bands, to: path, orientation: orientation, fields: fields)
        return path.split(separator: "[").first.map(String.init) ?? path
    }

    /// A 16-bit-per-band PNG.
    @discardableResult
    public static func write16BitPNG(_ path: String, width: Int = 300, height: Int = 200) throws -> String {
        try writeSixteenBit(path + "[bitdepth=16]", width: width, height: height)
    }

    /// The fixture's pixels widened to 16 bits per band (`value * 257`) and saved to `target` (a libvips
    /// target with options: `a.png[bitdepth=16]`, `b.heic[bitdepth=10]`); returns the path.
    @discardableResult
    public static func writeSixteenBit(_ target: String, width: Int = 300, height: Int = 200) throws -> String {
        let eight = pixels(width: width, height: height)
        var sixteen = [UInt8](repeating: 0, count: eight.count * 2)
        for (index, value) in eight.enumerated() {
            let wide = UInt16(value) * 257
            withUnsafeBytes(of: wide) { raw in
                sixteen[index * 2] = raw[0]
                sixteen[index * 2 + 1] = raw[1]
            }
        }
        try ImageWriter.write(pixels: sixteen, width: width, height: height, bands: 3, kind: .ushort, to: target)
        return target.split(separator: "[").first.map(String.init) ?? target
    }

    /// A CMYK JPEG (as print workflows and some scanners produce).
    @discardableResult
    public static func writeCMYKJPEG(_ path: String, width: Int = 300, height: Int = 200) throws -> String {
        let rgb = pixels(width: width, height: height)
        var cmyk = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let r = Double(rgb[i * 3]) / 255, g = Double(rgb[i * 3 + 1]) / 255, b = Double(rgb[i * 3 + 2]) / 255
            let k = 1 - max(r, g, b)
            let d = max(1 - k, 1e-6)
            cmyk[i * 4] = UInt8(((1 - r - k) / d * 255).rounded())
            cmyk[i * 4 + 1] = UInt8(((1 - g - k) / d * 255).rounded())
            cmyk[i * 4 + 2] = UInt8(((1 - b - k) / d * 255).rounded())
            cmyk[i * 4 + 3] = UInt8((k * 255).rounded())
        }
        try ImageWriter.write(pixels: cmyk, width: width, height: height, bands: 4, kind: .cmyk, to: path)
        return path
    }

    /// A PNG whose header announces `width`×`height` but whose data is a few bytes: a decompression bomb.
    public static func pngHeaderOnly(width: UInt32, height: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func be32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
        }
        func chunk(_ type: String, _ data: [UInt8]) {
            let typed = Array(type.utf8) + data
            bytes += be32(UInt32(data.count)) + typed + be32(crc32(typed))
        }
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        chunk("IEND", [])
        return bytes
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    public static func bytes(of path: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    }
}
