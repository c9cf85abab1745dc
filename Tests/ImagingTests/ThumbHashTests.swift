import Testing

@testable import Imaging

// Where the expected bytes come from
// ----------------------------------
// Every expected hash and digest below was produced by
// Tests/ImagingTests/Fixtures/thumbhash-reference.mjs. That is an independent
// JavaScript encoder written from the published ThumbHash algorithm, and it
// mirrors the reference JS operation for operation. It ran under Node 20
// (V8 11.3, whose Math.cos is fdlibm):
//
//     node Tests/ImagingTests/Fixtures/thumbhash-reference.mjs
//
// The script prints the `Fixtures.expected` literals and the corpus digest.
// Run it with `--corpus` to list each corpus hash and find a mismatch. The
// images are built from integer formulas that `Fixtures` repeats exactly; keep
// the two in sync. The pinned decoded pixels came from `ThumbHash.decode`, and
// the reference JS decoder gives the same bytes for them.
// Tests/Web/thumbhash.test.mjs pins the browser decoder to the same values.

// MARK: - Fixture images (mirror thumbhash-reference.mjs)

struct TestImage: Sendable, CustomTestStringConvertible {
    let name: String
    let width: Int
    let height: Int
    let rgba: [UInt8]

    var testDescription: String { "\(name) \(width)x\(height)" }

    init(_ name: String, _ width: Int, _ height: Int, pixel: (Int, Int) -> [UInt8]) {
        self.name = name
        self.width = width
        self.height = height
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                rgba += pixel(x, y)
            }
        }
        self.rgba = rgba
    }

    init(name: String, width: Int, height: Int, rgba: [UInt8]) {
        self.name = name
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    var hash: [UInt8] { ThumbHash.encode(width: width, height: height, rgba: rgba) }
}

enum Fixtures {
    static func u8(_ v: Int) -> UInt8 { UInt8(v) }

    static let solid = TestImage("solid", 32, 32) { _, _ in [200, 100, 50, 255] }
    static let horizontalGradient = TestImage("horizontalGradient", 64, 32) { x, _ in
        let r = x * 255 / 63
        return [u8(r), 128, u8(255 - r), 255]
    }
    static let transparentHalf = TestImage("transparentHalf", 40, 40) { x, _ in
        x < 20 ? [30, 144, 255, 255] : [255, 0, 0, 0]
    }
    static let landscape100x75 = TestImage("landscape100x75", 100, 75) { x, y in
        let dx = x - 60, dy = y - 35
        if dx * dx + dy * dy < 400 { return [20, 20, 20, 255] }
        return [u8(x * 255 / 99), u8(y * 255 / 74), u8((x + y) * 255 / 173), 255]
    }
    static let portrait30x100 = TestImage("portrait30x100", 30, 100) { x, y in
        [(y / 10) % 2 == 0 ? 230 : 20, u8(x * 255 / 29), 90, 255]
    }
    static let alphaGradient = TestImage("alphaGradient", 48, 48) { x, _ in
        [255, 200, 0, u8(x * 255 / 47)]
    }
    static let single1x1 = TestImage("single1x1", 1, 1) { _, _ in [10, 20, 30, 255] }
    static let fullyTransparent = TestImage("fullyTransparent", 8, 8) { _, _ in [0, 0, 0, 0] }

    /// Output of `node thumbhash-reference.mjs` (line-wrapped by swift-format).
    static let expected: [(TestImage, [UInt8])] = [
        (
            solid,
            [
                0x1D, 0xCB, 0x02, 0x07, 0x00, 0x77, 0x78, 0x88, 0x77, 0x77, 0x87, 0x87, 0x87, 0x07, 0x77, 0x77, 0x78,
                0x8D, 0x76, 0xF7, 0x87, 0x0F, 0x7D, 0x05,
            ]
        ),
        (
            horizontalGradient,
            [
                0xE0, 0xF7, 0x01, 0x9C, 0x9A, 0x47, 0x0A, 0x67, 0x78, 0x78, 0x78, 0x89, 0x88, 0x87, 0x80, 0x78, 0x08,
                0x88, 0x87,
            ]
        ),
        (
            transparentHalf,
            [
                0xE3, 0x12, 0x81, 0x05, 0x00, 0x58, 0x57, 0x5F, 0x79, 0x88, 0x77, 0x78, 0x78, 0x76, 0x78, 0x0F, 0x78,
                0x77, 0x8F, 0x75, 0x78, 0x88, 0x88, 0x88, 0x88,
            ]
        ),
        (
            landscape100x75,
            [
                0x1B, 0xF8, 0x0D, 0x0D, 0x98, 0xB1, 0x73, 0x78, 0x80, 0x78, 0x78, 0x6C, 0xA5, 0x77, 0x87, 0x87, 0x7F,
                0x70, 0x07, 0xF8, 0x88,
            ]
        ),
        (
            portrait30x100,
            [0x1C, 0xF9, 0x09, 0x3A, 0x1A, 0x80, 0x89, 0x88, 0x88, 0x89, 0x88, 0x89, 0x80, 0x79, 0xF8, 0x97, 0x87]
        ),
        (
            alphaGradient,
            [
                0x25, 0x6F, 0x82, 0x05, 0x00, 0x37, 0x6F, 0x19, 0x87, 0x77, 0x78, 0x88, 0x78, 0x0F, 0x86, 0x07, 0x74,
                0x87, 0x80, 0x87, 0x77, 0x88, 0x87, 0x88, 0x78,
            ]
        ),
        (
            single1x1,
            [
                0x85, 0xE7, 0x09, 0x27, 0x04, 0x08, 0xF7, 0x08, 0x88, 0x87, 0x88, 0x70, 0x8F, 0x70, 0x88, 0xF8, 0x08,
                0x88, 0x70, 0x7F, 0xF8, 0xF7, 0x87, 0x0F,
            ]
        ),
        (
            fullyTransparent,
            [
                0x00, 0x08, 0x82, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            ]
        ),
    ]

    static var all: [TestImage] { expected.map(\.0) }
    /// Fixtures that are real-looking pictures rather than edge cases.
    static var pictures: [TestImage] {
        [solid, horizontalGradient, transparentHalf, landscape100x75, portrait30x100, alphaGradient]
    }

    // Pseudo-random corpus: the same xorshift32 stream as the script.
    static let corpusSeed: UInt32 = 0x9E37_79B9
    static let corpusCount = 64
    static let corpusDigest: UInt32 = 0x212B_3818
    static let corpusTotalBytes = 1405

    struct XorShift32 {
        var state: UInt32
        mutating func next() -> UInt32 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return state
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    static func corpusImage(_ index: Int, _ rng: inout XorShift32) -> TestImage {
        let w = 1 + Int(rng.next() % 100)
        let h = 1 + Int(rng.next() % 100)
        let kind = rng.next() % 4
        let c0 = [Int(rng.byte()), Int(rng.byte()), Int(rng.byte())]
        let c1 = [Int(rng.byte()), Int(rng.byte()), Int(rng.byte())]
        let d = w + h
        var rgba: [UInt8] = []
        rgba.reserveCapacity(w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                switch kind {
                case 0: rgba += [rng.byte(), rng.byte(), rng.byte(), 255]
                case 1: rgba += [rng.byte(), rng.byte(), rng.byte(), rng.byte()]
                default:
                    let t = x + y
                    for k in 0..<3 { rgba.append(UInt8((c0[k] * (d - t) + c1[k] * t) / d)) }
                    rgba.append(kind == 2 ? 255 : UInt8(255 * x / w))
                }
            }
        }
        return TestImage(name: "corpus#\(index)", width: w, height: h, rgba: rgba)
    }

    static func corpus() -> [TestImage] {
        var rng = XorShift32(state: corpusSeed)
        return (0..<corpusCount).map { corpusImage($0, &rng) }
    }
}

// MARK: - Helpers

struct RGBA { var r, g, b, a: Double }

/// Mean colour in 0...1. RGB is alpha-weighted, as in the encoder's average,
/// so the RGB of invisible pixels does not count.
func meanColor(_ rgba: [UInt8]) -> RGBA {
    var r = 0.0, g = 0.0, b = 0.0, a = 0.0
    for i in stride(from: 0, to: rgba.count, by: 4) {
        let alpha = Double(rgba[i + 3]) / 255
        r += alpha * Double(rgba[i]) / 255
        g += alpha * Double(rgba[i + 1]) / 255
        b += alpha * Double(rgba[i + 2]) / 255
        a += alpha
    }
    let n = Double(rgba.count / 4)
    return a == 0 ? RGBA(r: 0, g: 0, b: 0, a: 0) : RGBA(r: r / a, g: g / a, b: b / a, a: a / n)
}

/// Mean RGB over a `grid` x `grid` partition of the image. Comparing these
/// between an image and its decoded placeholder tests "looks like a blurred
/// original" without depending on the exact decode size.
func blockMeans(width: Int, height: Int, rgba: [UInt8], grid: Int) -> [[Double]] {
    var sums = [[Double]](repeating: [0, 0, 0, 0], count: grid * grid)
    for y in 0..<height {
        for x in 0..<width {
            let cell = (y * grid / height) * grid + (x * grid / width)
            let i = (y * width + x) * 4
            for c in 0..<3 { sums[cell][c] += Double(rgba[i + c]) / 255 }
            sums[cell][3] += 1
        }
    }
    return sums.map { s in (0..<3).map { s[$0] / max(s[3], 1) } }
}

func fnv1a(_ bytes: [UInt8], _ seed: UInt32 = 0x811C_9DC5) -> UInt32 {
    var h = seed
    for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
    return h
}

// MARK: - Byte compatibility with the reference encoder

@Suite("ThumbHash reference vectors")
struct ThumbHashReferenceTests {
    @Test("encode matches the reference JS bytes", arguments: Fixtures.expected.indices)
    func matchesReference(index: Int) {
        let (image, expected) = Fixtures.expected[index]
        #expect(image.hash == expected, "\(image.name)")
    }

    @Test("64 pseudo-random images hash exactly like the reference (FNV-1a digest)")
    func corpusDigest() {
        var digest: UInt32 = 0x811C_9DC5
        var total = 0
        for image in Fixtures.corpus() {
            let hash = image.hash
            digest = fnv1a([UInt8(hash.count)] + hash, digest)
            total += hash.count
        }
        #expect(total == Fixtures.corpusTotalBytes)
        #expect(digest == Fixtures.corpusDigest)
    }

    /// Arguments from ThumbHash's own basis, `pi / w * k * (i + 0.5)`, at which
    /// glibc's cos and V8's `Math.cos` (fdlibm) differ by one ulp. The expected
    /// bits are Node 20's. If this fails, the hashes drift in boundary nibbles.
    @Test(
        "FdlibmCos is bit-identical to V8 Math.cos where glibc is not",
        arguments: [
            (5, 4, 1, 0xBFE9_E377_9B97_F4A8 as UInt64),
            (37, 1, 28, 0xBFE8_0581_ED22_5921),
            (52, 5, 18, 0x3FE8_9513_1651_94C3),
            (64, 3, 16, 0xBFE8_3B0E_0BFF_976F),
            (83, 6, 40, 0xBFEF_2DA6_E237_9D4A),
            (100, 2, 17, 0x3FDD_0E2E_2B44_DE02),
        ])
    func fdlibmCos(w: Int, k: Int, i: Int, expectedBits: UInt64) {
        let x = Double.pi / Double(w) * Double(k) * (Double(i) + 0.5)
        #expect(FdlibmCos.cos(x).bitPattern == expectedBits)
    }

    @Test("FdlibmCos is accurate over ThumbHash's argument range")
    func fdlibmCosAccuracy() {
        // Exact values at multiples of 15 degrees, over 4 turns (ThumbHash
        // needs [0, 7*pi)), in both signs.
        let s3 = 3.0.squareRoot() / 2, s2 = 2.0.squareRoot() / 2
        let known: [(fifteenths: Int, cos: Double)] = [
            (0, 1), (2, s3), (3, s2), (4, 0.5), (6, 0), (8, -0.5), (9, -s2), (10, -s3),
            (12, -1), (14, -s3), (15, -s2), (16, -0.5), (18, 0), (20, 0.5), (21, s2), (22, s3),
        ]
        for turn in 0..<4 {
            for (m, expected) in known {
                let x = Double.pi / 12 * Double(m + 24 * turn)
                #expect(abs(FdlibmCos.cos(x) - expected) < 1e-14, "cos(\(x))")
                #expect(abs(FdlibmCos.cos(-x) - expected) < 1e-14, "cos(-\(x))")
            }
        }
        #expect(FdlibmCos.cos(0) == 1)
        #expect(FdlibmCos.cos(1e-300) == 1)
        #expect(FdlibmCos.cos(.nan).isNaN)
        #expect(FdlibmCos.cos(.infinity).isNaN)
    }
}

// MARK: - Structure of the hash

@Suite("ThumbHash format")
struct ThumbHashFormatTests {
    @Test("hashes are at most 25 bytes", arguments: Fixtures.all + Fixtures.corpus())
    func length(image: TestImage) {
        #expect(image.hash.count <= 25)
        #expect(image.hash.count >= 5)
    }

    @Test("the worst cases are exactly 24 bytes opaque and 25 bytes with alpha")
    func worstCaseLengths() {
        // Square images use the most luminance coefficients (7x7 or 5x5).
        #expect(Fixtures.solid.hash.count == 24)
        #expect(Fixtures.transparentHalf.hash.count == 25)
        #expect(Fixtures.alphaGradient.hash.count == 25)
    }

    @Test(
        "opaque images carry no alpha flag and average alpha 1",
        arguments: [Fixtures.solid, Fixtures.horizontalGradient, Fixtures.landscape100x75, Fixtures.portrait30x100])
    func opaqueHasNoAlpha(image: TestImage) {
        let hash = image.hash
        #expect(hash[2] & 0x80 == 0)
        #expect(ThumbHash.averageColor(hash).a == 1)
        let decoded = ThumbHash.decode(hash)
        #expect(stride(from: 3, to: decoded.rgba.count, by: 4).allSatisfy { decoded.rgba[$0] == 255 })
    }

    @Test(
        "any transparency sets the alpha flag",
        arguments: [Fixtures.transparentHalf, Fixtures.alphaGradient, Fixtures.fullyTransparent])
    func alphaDetected(image: TestImage) {
        #expect(image.hash[2] & 0x80 != 0)
    }

    @Test("one translucent pixel is enough to switch to the alpha layout")
    func singleTranslucentPixel() {
        var rgba = Fixtures.solid.rgba
        rgba[3] = 254
        let hash = ThumbHash.encode(width: 32, height: 32, rgba: rgba)
        #expect(hash[2] & 0x80 != 0)
        #expect(ThumbHash.averageColor(hash).a > 0.9)
    }

    @Test("RGB under fully transparent pixels does not affect the hash")
    func transparentRGBIgnored() {
        let other = TestImage("transparentHalfGreen", 40, 40) { x, _ in
            x < 20 ? [30, 144, 255, 255] : [0, 255, 0, 0]
        }
        #expect(other.hash == Fixtures.transparentHalf.hash)
    }

    @Test("aspect ratio: landscape > 1, portrait < 1, square == 1")
    func aspectRatio() {
        let landscape = ThumbHash.approximateAspectRatio(Fixtures.landscape100x75.hash)
        let portrait = ThumbHash.approximateAspectRatio(Fixtures.portrait30x100.hash)
        let wide = ThumbHash.approximateAspectRatio(Fixtures.horizontalGradient.hash)
        // Stored as luminance frequency counts: 7:5, 2:7 and 7:4.
        #expect(landscape == 7.0 / 5.0)
        #expect(portrait == 2.0 / 7.0)
        #expect(wide == 7.0 / 4.0)
        #expect(abs(landscape - 100.0 / 75.0) < 0.1)
        #expect(abs(portrait - 30.0 / 100.0) < 0.05)
        #expect(abs(wide - 2) < 0.3)
        #expect(ThumbHash.approximateAspectRatio(Fixtures.solid.hash) == 1)
        #expect(ThumbHash.approximateAspectRatio(Fixtures.transparentHalf.hash) == 1)
    }

    @Test(
        "aspect ratio tracks the true ratio across sizes",
        arguments: [
            (100, 10), (100, 50), (90, 60), (64, 64), (60, 90), (50, 100), (10, 100),
        ])
    func aspectRatioSweep(width: Int, height: Int) {
        let image = TestImage("flat", width, height) { x, y in [UInt8(x * 2), UInt8(y * 2), 77, 255] }
        let ratio = ThumbHash.approximateAspectRatio(image.hash)
        let truth = Double(width) / Double(height)
        // The long side gets 7 luminance frequencies and the short side
        // round(7 * short/long), at least 1. So the short side's count is off
        // by at most half a step.
        let storedShort = 7 / max(ratio, 1 / ratio)
        let trueShort = 7 / max(truth, 1 / truth)
        #expect(abs(storedShort - max(trueShort, 1)) <= 0.5 + 1e-9, "\(ratio) vs \(truth)")
        #expect((ratio > 1) == (width > height))
        #expect((ratio == 1) == (width == height))
    }

    @Test("decoded placeholders are 32 px on the long side in the hash's aspect ratio")
    func decodedSize() {
        let landscape = ThumbHash.decode(Fixtures.landscape100x75.hash)
        #expect((landscape.width, landscape.height) == (32, 23))  // 32 / 1.4 = 22.9
        let portrait = ThumbHash.decode(Fixtures.portrait30x100.hash)
        #expect((portrait.width, portrait.height) == (9, 32))  // 32 * 2/7 = 9.1
        let square = ThumbHash.decode(Fixtures.alphaGradient.hash)
        #expect((square.width, square.height) == (32, 32))
        for d in [landscape, portrait, square] {
            #expect(d.rgba.count == d.width * d.height * 4)
        }
    }

    @Test("short or empty hashes decode without crashing")
    func truncatedHashes() {
        let full = Fixtures.landscape100x75.hash
        for length in 0..<full.count {
            let prefix = Array(full.prefix(length))
            let decoded = ThumbHash.decode(prefix)
            #expect(decoded.rgba.count == decoded.width * decoded.height * 4)
            _ = ThumbHash.averageColor(prefix)
            _ = ThumbHash.approximateAspectRatio(prefix)
        }
        // Missing AC bytes read as zero nibbles, as in JS; the header still
        // gives the right size and average colour.
        let header = Array(full.prefix(5))
        #expect(ThumbHash.decode(header).width == 32)
        #expect(ThumbHash.averageColor(header) == ThumbHash.averageColor(full))
    }

    @Test("an oversized image is a precondition failure")
    func oversizedInputTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ThumbHash.encode(width: 101, height: 1, rgba: [UInt8](repeating: 0, count: 404))
        }
        await #expect(processExitsWith: .failure) {
            _ = ThumbHash.encode(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15))
        }
    }
}

// MARK: - Round trips

@Suite("ThumbHash round trips")
struct ThumbHashRoundTripTests {
    @Test(
        "solid colours decode to nearly the same solid colour",
        arguments: [
            [200, 100, 50], [0, 0, 0], [255, 255, 255], [255, 0, 0], [0, 255, 0],
            [0, 0, 255], [128, 128, 128], [12, 200, 180], [250, 220, 10],
        ] as [[UInt8]])
    func solidColor(rgb: [UInt8]) {
        for (w, h) in [(32, 32), (100, 40), (17, 83)] {
            let image = TestImage("solid", w, h) { _, _ in rgb + [255] }
            let decoded = ThumbHash.decode(image.hash)
            for i in stride(from: 0, to: decoded.rgba.count, by: 4) {
                for c in 0..<3 {
                    // 6-bit L/P/Q quantisation: a few levels of error at most.
                    #expect(
                        abs(Int(decoded.rgba[i + c]) - Int(rgb[c])) <= 6,
                        "\(rgb) \(w)x\(h) channel \(c) got \(decoded.rgba[i + c])")
                }
                #expect(decoded.rgba[i + 3] == 255)
            }
            // Flat input leaves no AC energy: the placeholder is perfectly flat.
            #expect(
                Set(stride(from: 0, to: decoded.rgba.count, by: 4).map { Array(decoded.rgba[$0..<$0 + 4]) }).count == 1)
        }
    }

    @Test("averageColor matches the input's mean colour", arguments: Fixtures.pictures)
    func averageColor(image: TestImage) {
        let truth = meanColor(image.rgba)
        let avg = ThumbHash.averageColor(image.hash)
        #expect(abs(avg.r - truth.r) < 0.03, "r \(avg.r) vs \(truth.r)")
        #expect(abs(avg.g - truth.g) < 0.03, "g \(avg.g) vs \(truth.g)")
        #expect(abs(avg.b - truth.b) < 0.03, "b \(avg.b) vs \(truth.b)")
        // 4-bit alpha DC.
        #expect(abs(avg.a - truth.a) < 1.0 / 30 + 1e-9, "a \(avg.a) vs \(truth.a)")
    }

    @Test("the decoded placeholder has the input's mean colour", arguments: Fixtures.pictures)
    func decodedMeanColor(image: TestImage) {
        let truth = meanColor(image.rgba)
        let decoded = ThumbHash.decode(image.hash)
        let got = meanColor(decoded.rgba)
        #expect(abs(got.r - truth.r) < 0.05, "r \(got.r) vs \(truth.r)")
        #expect(abs(got.g - truth.g) < 0.05, "g \(got.g) vs \(truth.g)")
        #expect(abs(got.b - truth.b) < 0.05, "b \(got.b) vs \(truth.b)")
        #expect(abs(got.a - truth.a) < 0.05, "a \(got.a) vs \(truth.a)")
    }

    @Test(
        "the decoded placeholder looks like a blurred original (4x4 block means)",
        arguments: [Fixtures.horizontalGradient, Fixtures.landscape100x75, Fixtures.portrait30x100])
    func blurredOriginal(image: TestImage) {
        let decoded = ThumbHash.decode(image.hash)
        let want = blockMeans(width: image.width, height: image.height, rgba: image.rgba, grid: 4)
        let got = blockMeans(width: decoded.width, height: decoded.height, rgba: decoded.rgba, grid: 4)
        let mean = (0..<3).map { c in want.map { $0[c] }.reduce(0, +) / Double(want.count) }
        var worst = 0.0, squared = 0.0, flatSquared = 0.0
        for (a, b) in zip(want, got) {
            for c in 0..<3 {
                worst = max(worst, abs(a[c] - b[c]))
                squared += (a[c] - b[c]) * (a[c] - b[c])
                flatSquared += (a[c] - mean[c]) * (a[c] - mean[c])
            }
        }
        let rms = (squared / Double(want.count * 3)).squareRoot()
        let flatRMS = (flatSquared / Double(want.count * 3)).squareRoot()
        // Measured: rms 0.05-0.065, worst 0.10-0.18 (landscape has a sharp disc).
        #expect(rms < 0.08, "rms \(rms)")
        #expect(worst < 0.22, "worst block error \(worst)")
        // And it carries real structure: far closer than a flat fill of the mean colour.
        #expect(rms < 0.4 * flatRMS, "rms \(rms) vs flat \(flatRMS)")
    }

    @Test("the gradient's direction survives: red rises left to right, blue falls")
    func gradientDirection() {
        let d = ThumbHash.decode(Fixtures.horizontalGradient.hash)
        let row = d.height / 2
        let left = (row * d.width) * 4, right = (row * d.width + d.width - 1) * 4
        #expect(d.rgba[left] < 40 && d.rgba[right] > 215)
        #expect(d.rgba[left + 2] > 215 && d.rgba[right + 2] < 40)
    }

    @Test("alpha round-trips: the opaque half stays opaque, the clear half fades")
    func transparentHalf() {
        let d = ThumbHash.decode(Fixtures.transparentHalf.hash)
        let row = d.height / 2
        let alpha = (0..<d.width).map { Int(d.rgba[(row * d.width + $0) * 4 + 3]) }
        #expect(alpha.first! > 200)
        #expect(alpha.last! < 60)
        #expect(alpha[d.width / 4] > alpha[3 * d.width / 4])
        // Opaque side keeps its colour (30, 144, 255).
        let p = (row * d.width) * 4
        #expect(abs(Int(d.rgba[p]) - 30) < 20 && abs(Int(d.rgba[p + 1]) - 144) < 20 && d.rgba[p + 2] > 230)
    }

    /// Pixels of `decode` for fixture hashes. The reference JS decoder gives the
    /// same bytes. Tests/Web/thumbhash.test.mjs pins the same values for
    /// Web/thumbhash.js.
    @Test(
        "decoded pixels match the reference decoder",
        arguments: [
            (3, 0, 0, [34, 14, 22, 255] as [UInt8]),  // landscape100x75, 32x23
            (3, 16, 11, [28, 42, 30, 255]),
            (3, 31, 22, [239, 218, 226, 255]),
            (4, 0, 0, [188, 44, 131, 255]),  // portrait30x100, 9x32
            (4, 8, 31, [82, 250, 70, 255]),
            (2, 0, 0, [27, 145, 252, 255]),  // transparentHalf, 32x32
            (2, 16, 16, [27, 145, 252, 110]),
            (2, 31, 31, [27, 145, 252, 22]),
            (5, 16, 16, [252, 200, 0, 131]),  // alphaGradient, 32x32
        ])
    func decodedPixels(fixture: Int, x: Int, y: Int, expected: [UInt8]) {
        let d = ThumbHash.decode(Fixtures.expected[fixture].1)
        let i = (y * d.width + x) * 4
        #expect(Array(d.rgba[i..<i + 4]) == expected)
    }
}
