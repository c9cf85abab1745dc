// No libm functions are called directly (see `FdlibmCos`), but the stdlib's
// `Double.rounded()` lowers to libm's round/floor, so libm must be linked.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// ThumbHash: a ~25-byte placeholder for an image, Evan Wallace's algorithm
/// (https://evanw.github.io/thumbhash/).
///
/// The image goes into the LPQA colour space (luminance, yellow–blue, red–green,
/// alpha). Each channel goes through a low-order DCT. The DC terms and scales go
/// into a 5-byte header (6 bytes with alpha), and the AC terms into 4-bit nibbles.
///
/// This port must produce the same bytes as the reference JavaScript encoder,
/// because hashes are stored in the catalogue and decoded by `Web/thumbhash.js`
/// in the browser. So it copies the reference's floating-point operations in the
/// same order, all in `Double` (JS numbers), and rounds the way `Math.round`
/// does. Do not "simplify" expressions such as `pi / w * cx * (x + 0.5)`: a
/// different association can flip a quantised nibble. Byte equality is pinned by
/// fixtures in `ThumbHashTests`.
///
/// Byte-exactness also depends on `cos`. libm implementations differ from each
/// other in the last ulp for a few percent of arguments (glibc vs V8 differ on
/// about 3% of the arguments ThumbHash uses). That matters more than it seems:
/// AC terms that are zero by symmetry, and every AC term of a flat channel, sit
/// exactly on a quantisation boundary and are pushed over it by rounding noise.
/// So this file carries its own port of fdlibm's `cos` (``FdlibmCos``), the
/// implementation behind V8's `Math.cos` in Node 20. Hashes are therefore the
/// same on Linux and macOS and match Node. JS engines with a different
/// `Math.cos` may differ from Node, and from us, by ±1 in such boundary
/// nibbles. That cannot be seen after decoding.
public enum ThumbHash {
    /// The largest width or height `encode` accepts. Bigger inputs only cost
    /// time, because the hash keeps at most 7 frequencies per axis. Downscale first.
    public static let maxDimension = 100

    // MARK: - Encoding

    /// Encodes an image as a ThumbHash of at most 25 bytes.
    ///
    /// - Parameters:
    ///   - width: 1...``maxDimension`` pixels.
    ///   - height: 1...``maxDimension`` pixels.
    ///   - rgba: Row-major RGBA8 with *straight* (not premultiplied) alpha,
    ///     exactly `width * height * 4` bytes. Pixels that are fully transparent
    ///     may have any RGB.
    /// - Precondition: The size limits and buffer length above hold. The cost
    ///   grows with the pixel count. The 100 px cap keeps a worst-case encode
    ///   under about 1 ms (release build, 100x100 with alpha), so callers must
    ///   downscale first (libvips thumbnail).
    /// - Returns: Bytes identical to the reference JS `rgbaToThumbHash`.
    public static func encode(width w: Int, height h: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(
            (1...maxDimension).contains(w) && (1...maxDimension).contains(h),
            "ThumbHash input must be between 1x1 and \(maxDimension)x\(maxDimension), got \(w)x\(h)"
        )
        precondition(rgba.count == w * h * 4, "ThumbHash input must be width*height*4 RGBA bytes")
        let n = w * h

        // Alpha-weighted average colour. Translucent pixels are composited onto
        // it below, so the RGB of transparent pixels cannot tint the hash.
        var avgR = 0.0, avgG = 0.0, avgB = 0.0, avgA = 0.0
        rgba.withUnsafeBufferPointer { px in
            for j in stride(from: 0, to: n * 4, by: 4) {
                let alpha = Double(px[j + 3]) / 255
                avgR += alpha / 255 * Double(px[j])
                avgG += alpha / 255 * Double(px[j + 1])
                avgB += alpha / 255 * Double(px[j + 2])
                avgA += alpha
            }
        }
        if avgA != 0 {
            avgR /= avgA
            avgG /= avgA
            avgB /= avgA
        }

        // Alpha takes bits from luminance, so 5 instead of 7 frequencies on
        // the long axis. The short axis gets a proportional count, which is
        // also how the decoder recovers the aspect ratio.
        let hasAlpha = avgA < Double(n)
        let lLimit = hasAlpha ? 5 : 7
        let longSide = Double(max(w, h))
        let lx = max(1, Int(jsRound(Double(lLimit * w) / longSide)))
        let ly = max(1, Int(jsRound(Double(lLimit * h) / longSide)))

        // RGBA -> LPQA, one flat buffer per channel (4 allocations in total).
        var l = [Double](repeating: 0, count: n)  // luminance
        var p = [Double](repeating: 0, count: n)  // yellow - blue
        var q = [Double](repeating: 0, count: n)  // red - green
        var a = [Double](repeating: 0, count: n)  // alpha
        rgba.withUnsafeBufferPointer { px in
            for i in 0..<n {
                let j = i * 4
                let alpha = Double(px[j + 3]) / 255
                let r = avgR * (1 - alpha) + alpha / 255 * Double(px[j])
                let g = avgG * (1 - alpha) + alpha / 255 * Double(px[j + 1])
                let b = avgB * (1 - alpha) + alpha / 255 * Double(px[j + 2])
                l[i] = (r + g + b) / 3
                p[i] = (r + g) / 2 - b
                q[i] = r - g
                a[i] = alpha
            }
        }

        // The reference calls cos() inside its loops. Tabulating the same
        // expressions once gives the same values without tens of thousands
        // of cos calls.
        let basis = CosineBasis(width: w, height: h, frequencies: 7)
        let lc = encodeChannel(l, nx: max(3, lx), ny: max(3, ly), basis)
        let pc = encodeChannel(p, nx: 3, ny: 3, basis)
        let qc = encodeChannel(q, nx: 3, ny: 3, basis)
        let ac = hasAlpha ? encodeChannel(a, nx: 5, ny: 5, basis) : nil

        // Header: L dc (6) | P dc (6) | Q dc (6) | L scale (5) | alpha flag (1)
        //         short-side L count (3) | P scale (6) | Q scale (6) | landscape flag (1)
        let isLandscape = w > h
        let header24 =
            Int(jsRound(63 * lc.dc))
            | (Int(jsRound(31.5 + 31.5 * pc.dc)) << 6)
            | (Int(jsRound(31.5 + 31.5 * qc.dc)) << 12)
            | (Int(jsRound(31 * lc.scale)) << 18)
            | (hasAlpha ? 1 << 23 : 0)
        let header16 =
            (isLandscape ? ly : lx)
            | (Int(jsRound(63 * pc.scale)) << 3)
            | (Int(jsRound(63 * qc.scale)) << 9)
            | (isLandscape ? 1 << 15 : 0)

        let acCount = lc.ac.count + pc.ac.count + qc.ac.count + (ac?.ac.count ?? 0)
        let acStart = hasAlpha ? 6 : 5
        var hash = [UInt8](repeating: 0, count: acStart + (acCount + 1) / 2)
        hash[0] = UInt8(truncatingIfNeeded: header24)
        hash[1] = UInt8(truncatingIfNeeded: header24 >> 8)
        hash[2] = UInt8(truncatingIfNeeded: header24 >> 16)
        hash[3] = UInt8(truncatingIfNeeded: header16)
        hash[4] = UInt8(truncatingIfNeeded: header16 >> 8)
        if let ac {
            hash[5] = UInt8(truncatingIfNeeded: Int(jsRound(15 * ac.dc)) | (Int(jsRound(15 * ac.scale)) << 4))
        }

        // AC terms, low nibble first, in channel order L, P, Q, A.
        var index = 0
        for channel in [lc.ac, pc.ac, qc.ac, ac?.ac ?? []] {
            for f in channel {
                let nibble = Int(jsRound(15 * f)) << ((index & 1) * 4)
                hash[acStart + (index >> 1)] |= UInt8(truncatingIfNeeded: nibble)
                index += 1
            }
        }
        return hash
    }

    /// Tabulated `cos(pi / size * k * (i + 0.5))` for each axis, k < frequencies.
    /// The expression keeps the encoder's association order (see the type doc).
    private struct CosineBasis {
        let width: Int, height: Int
        let x: [Double]  // x[k * width + i]
        let y: [Double]  // y[k * height + i]

        init(width: Int, height: Int, frequencies: Int) {
            self.width = width
            self.height = height
            x = Self.table(size: width, frequencies: frequencies)
            y = Self.table(size: height, frequencies: frequencies)
        }

        static func table(size: Int, frequencies: Int) -> [Double] {
            var t = [Double](repeating: 0, count: size * frequencies)
            for k in 0..<frequencies {
                for i in 0..<size {
                    t[k * size + i] = FdlibmCos.cos(Double.pi / Double(size) * Double(k) * (Double(i) + 0.5))
                }
            }
            return t
        }
    }

    /// Runs the DCT over the triangle `cx * ny < nx * (ny - cy)`. It returns the DC
    /// term, the AC terms mapped into [0, 1] relative to the largest AC
    /// magnitude, and that magnitude (`scale`). The header stores the scale,
    /// and each AC term is then worth 4 bits.
    private static func encodeChannel(
        _ channel: [Double], nx: Int, ny: Int, _ basis: CosineBasis
    ) -> (dc: Double, ac: [Double], scale: Double) {
        let w = basis.width, h = basis.height
        var dc = 0.0, scale = 0.0
        var ac: [Double] = []
        ac.reserveCapacity(nx * ny)
        channel.withUnsafeBufferPointer { c in
            basis.x.withUnsafeBufferPointer { cosX in
                basis.y.withUnsafeBufferPointer { cosY in
                    for cy in 0..<ny {
                        var cx = 0
                        while cx * ny < nx * (ny - cy) {
                            // Same summation order as the reference: rows, then
                            // columns, one accumulator, (value * fx) * fy.
                            var f = 0.0
                            let fxBase = cx * w
                            for y in 0..<h {
                                let fy = cosY[cy * h + y]
                                let row = y * w
                                for x in 0..<w {
                                    f += c[row + x] * cosX[fxBase + x] * fy
                                }
                            }
                            f /= Double(w * h)
                            if cx == 0 && cy == 0 {
                                dc = f
                            } else {
                                ac.append(f)
                                scale = max(scale, abs(f))
                            }
                            cx += 1
                        }
                    }
                }
            }
        }
        if scale != 0 {
            for i in ac.indices {
                ac[i] = 0.5 + 0.5 / scale * ac[i]
            }
        }
        return (dc, ac, scale)
    }

    // MARK: - Decoding

    /// Renders the placeholder as straight-alpha RGBA8, at most 32 px on the
    /// long side, in the aspect ratio given by ``approximateAspectRatio(_:)``.
    ///
    /// The output matches the reference JS `thumbHashToRGBA`, including the
    /// 1.25x chroma boost that makes up for quantisation. Bytes past the end of
    /// a short or corrupt hash read as 0, as in JS, so a bad catalogue row gives
    /// a wrong placeholder instead of a crash. If the header has no usable
    /// size, the result is 0 pixels wide or high.
    public static func decode(_ hash: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8]) {
        let header = Header(hash)
        let lx = max(3, header.lx), ly = max(3, header.ly)
        let hasAlpha = header.hasAlpha
        let aDC = hasAlpha ? Double(byte(hash, 5) & 15) / 15 : 1
        let aScale = Double(byte(hash, 5) >> 4) / 15

        var index = 0
        let acStart = hasAlpha ? 6 : 5
        func decodeChannel(nx: Int, ny: Int, scale: Double) -> [Double] {
            var ac: [Double] = []
            ac.reserveCapacity(nx * ny)
            for cy in 0..<ny {
                var cx = cy > 0 ? 0 : 1
                while cx * ny < nx * (ny - cy) {
                    let nibble = (byte(hash, acStart + (index >> 1)) >> ((index & 1) * 4)) & 15
                    ac.append((Double(nibble) / 7.5 - 1) * scale)
                    index += 1
                    cx += 1
                }
            }
            return ac
        }
        let lAC = decodeChannel(nx: lx, ny: ly, scale: header.lScale)
        let pAC = decodeChannel(nx: 3, ny: 3, scale: header.pScale * 1.25)
        let qAC = decodeChannel(nx: 3, ny: 3, scale: header.qScale * 1.25)
        let aAC = hasAlpha ? decodeChannel(nx: 5, ny: 5, scale: aScale) : []

        let ratio = header.aspectRatio
        let w = Int(jsRound(ratio > 1 ? 32 : 32 * ratio))
        let h = Int(jsRound(ratio > 1 ? 32 / ratio : 32))
        guard w > 0, h > 0 else { return (max(w, 0), max(h, 0), []) }

        // Per-pixel cosines depend only on x or only on y, so tabulate them.
        // The expression matches the reference decoder.
        let nfx = max(lx, hasAlpha ? 5 : 3), nfy = max(ly, hasAlpha ? 5 : 3)
        var fxTable = [Double](repeating: 0, count: w * nfx)
        for x in 0..<w {
            for cx in 0..<nfx {
                fxTable[x * nfx + cx] = FdlibmCos.cos(Double.pi / Double(w) * (Double(x) + 0.5) * Double(cx))
            }
        }
        var fyTable = [Double](repeating: 0, count: h * nfy)
        for y in 0..<h {
            for cy in 0..<nfy {
                fyTable[y * nfy + cy] = FdlibmCos.cos(Double.pi / Double(h) * (Double(y) + 0.5) * Double(cy))
            }
        }

        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        var i = 0
        for y in 0..<h {
            for x in 0..<w {
                var l = header.lDC, p = header.pDC, q = header.qDC, a = aDC
                let fx = x * nfx, fy = y * nfy

                var j = 0
                for cy in 0..<ly {
                    let fy2 = fyTable[fy + cy] * 2
                    var cx = cy > 0 ? 0 : 1
                    while cx * ly < lx * (ly - cy) {
                        l += lAC[j] * fxTable[fx + cx] * fy2
                        j += 1
                        cx += 1
                    }
                }

                j = 0
                for cy in 0..<3 {
                    let fy2 = fyTable[fy + cy] * 2
                    for cx in (cy > 0 ? 0 : 1)..<(3 - cy) {
                        let f = fxTable[fx + cx] * fy2
                        p += pAC[j] * f
                        q += qAC[j] * f
                        j += 1
                    }
                }

                if hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        let fy2 = fyTable[fy + cy] * 2
                        for cx in (cy > 0 ? 0 : 1)..<(5 - cy) {
                            a += aAC[j] * fxTable[fx + cx] * fy2
                            j += 1
                        }
                    }
                }

                let (r, g, b) = lpqToRGB(l: l, p: p, q: q)
                rgba[i] = toByte(r)
                rgba[i + 1] = toByte(g)
                rgba[i + 2] = toByte(b)
                rgba[i + 3] = toByte(a)
                i += 4
            }
        }
        return (w, h, rgba)
    }

    /// The image's average colour from the header alone, each component in
    /// 0...1 with straight alpha. This is cheap enough for a CSS background
    /// before the placeholder renders. Missing bytes read as 0.
    public static func averageColor(_ hash: [UInt8]) -> (r: Double, g: Double, b: Double, a: Double) {
        let header = Header(hash)
        let (r, g, b) = lpqToRGB(l: header.lDC, p: header.pDC, q: header.qDC)
        let a = header.hasAlpha ? Double(byte(hash, 5) & 15) / 15 : 1
        return (clamp01(r), clamp01(g), clamp01(b), a)
    }

    /// Width / height of the original image, approximate because the hash
    /// stores only the number of luminance frequencies per axis (for example
    /// 7:5). Use it to reserve layout space before the real image loads.
    public static func approximateAspectRatio(_ hash: [UInt8]) -> Double {
        Header(hash).aspectRatio
    }

    // MARK: - Helpers

    /// The fixed fields of a hash: the 24-bit and 16-bit little-endian headers.
    private struct Header {
        let lDC, pDC, qDC, lScale, pScale, qScale: Double
        let hasAlpha, isLandscape: Bool
        /// Luminance frequencies per axis as stored (not yet clamped to ≥3).
        let lx, ly: Int

        init(_ hash: [UInt8]) {
            let header24 = byte(hash, 0) | (byte(hash, 1) << 8) | (byte(hash, 2) << 16)
            let header16 = byte(hash, 3) | (byte(hash, 4) << 8)
            lDC = Double(header24 & 63) / 63
            pDC = Double((header24 >> 6) & 63) / 31.5 - 1
            qDC = Double((header24 >> 12) & 63) / 31.5 - 1
            lScale = Double((header24 >> 18) & 31) / 31
            hasAlpha = (header24 >> 23) != 0
            pScale = Double((header16 >> 3) & 63) / 63
            qScale = Double((header16 >> 9) & 63) / 63
            isLandscape = (header16 >> 15) != 0
            let longSide = hasAlpha ? 5 : 7
            let shortSide = header16 & 7
            lx = isLandscape ? longSide : shortSide
            ly = isLandscape ? shortSide : longSide
        }

        var aspectRatio: Double { Double(lx) / Double(ly) }
    }

    /// Reads a byte as JS would read a `Uint8Array`: out of range is 0.
    private static func byte(_ hash: [UInt8], _ i: Int) -> Int {
        i < hash.count ? Int(hash[i]) : 0
    }

    private static func lpqToRGB(l: Double, p: Double, q: Double) -> (Double, Double, Double) {
        let b = l - 2 / 3 * p
        let r = (3 * l - b + q) / 2
        let g = r - q
        return (r, g, b)
    }

    private static func clamp01(_ v: Double) -> Double { max(0, min(1, v)) }

    /// Clamps to 0...255 and then truncates, like a store into a JS `Uint8Array`.
    private static func toByte(_ v: Double) -> UInt8 { UInt8(max(0, 255 * min(1, v))) }

    /// JavaScript's `Math.round`: nearest integer, with ties toward +infinity.
    /// Swift's `.rounded()` sends ties away from zero, which differs only for
    /// negative halves. Our inputs are non-negative, but the difference would
    /// be silent, so spell it out.
    @inline(__always)
    static func jsRound(_ x: Double) -> Double {
        let r = x.rounded()
        return x - r == 0.5 ? r + 1 : r
    }
}

// MARK: - fdlibm cos

/// A port of fdlibm 5.3's `cos` (s_cos.c, k_cos.c, k_sin.c, and the small and
/// medium paths of e_rem_pio2.c), operation for operation, as used by V8's
/// `Math.cos`. See ``ThumbHash`` for why the platform `cos` will not do.
///
/// Domain: |x| <= 2^19 * pi/2. ThumbHash only needs [0, 7*pi). The
/// large-argument Payne-Hanek path (`__kernel_rem_pio2`) is left out on purpose.
///
/// Original notice, preserved as its licence requires:
///
///     Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
///
///     Developed at SunSoft, a Sun Microsystems, Inc. business.
///     Permission to use, copy, modify, and distribute this
///     software is freely granted, provided that this notice
///     is preserved.
enum FdlibmCos {
    /// Constants as exact bit patterns, so no decimal round-trip can alter them.
    private static func d(_ bits: UInt64) -> Double { Double(bitPattern: bits) }

    private static let C1 = d(0x3FA5_5555_5555_554C)
    private static let C2 = d(0xBF56_C16C_16C1_5177)
    private static let C3 = d(0x3EFA_01A0_19CB_1590)
    private static let C4 = d(0xBE92_7E4F_809C_52AD)
    private static let C5 = d(0x3E21_EE9E_BDB4_B1C4)
    private static let C6 = d(0xBDA8_FAE9_BE88_38D4)

    private static let S1 = d(0xBFC5_5555_5555_5549)
    private static let S2 = d(0x3F81_1111_1110_F8A6)
    private static let S3 = d(0xBF2A_01A0_19C1_61D5)
    private static let S4 = d(0x3EC7_1DE3_57B1_FE7D)
    private static let S5 = d(0xBE5A_E5E6_8A2B_9CEB)
    private static let S6 = d(0x3DE5_D93A_5ACF_D57C)

    private static let invpio2 = d(0x3FE4_5F30_6DC9_C883)  // 53 bits of 2/pi
    private static let pio2_1 = d(0x3FF9_21FB_5440_0000)  // first 33 bits of pi/2
    private static let pio2_1t = d(0x3DD0_B461_1A62_6331)  // pi/2 - pio2_1
    private static let pio2_2 = d(0x3DD0_B461_1A60_0000)  // second 33 bits of pi/2
    private static let pio2_2t = d(0x3BA3_198A_2E03_7073)  // pi/2 - (pio2_1 + pio2_2)
    private static let pio2_3 = d(0x3BA3_198A_2E00_0000)  // third 33 bits of pi/2
    private static let pio2_3t = d(0x397B_839A_2520_49C1)  // pi/2 - (pio2_1 + pio2_2 + pio2_3)

    /// High words of n*pi/2 for n = 1...32; they flag possible cancellation.
    private static let npio2_hw: [Int32] = [
        0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
        0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
        0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
        0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
        0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
        0x404858EB, 0x404921FB,
    ]

    @inline(__always)
    private static func highWord(_ x: Double) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: x.bitPattern >> 32))
    }

    static func cos(_ x: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix <= 0x3FE9_21FB { return kernelCos(x, 0) }  // |x| ~<= pi/4
        if ix >= 0x7FF0_0000 { return x - x }  // inf or NaN
        let (n, y0, y1) = remPio2(x)
        switch n & 3 {
        case 0: return kernelCos(y0, y1)
        case 1: return -kernelSin(y0, y1)
        case 2: return -kernelCos(y0, y1)
        default: return kernelSin(y0, y1)
        }
    }

    /// cos(x + y) on [-pi/4, pi/4], where y is the tail of x.
    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix < 0x3E40_0000 { return 1 }  // |x| < 2^-27
        let z = x * x
        let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))))
        if ix < 0x3FD3_3333 {  // |x| < 0.3
            return 1 - (0.5 * z - (z * r - x * y))
        }
        let qx: Double
        if ix > 0x3FE9_0000 {  // |x| > 0.78125
            qx = 0.28125
        } else {
            qx = Double(bitPattern: UInt64(UInt32(bitPattern: ix - 0x0020_0000)) << 32)  // ~|x|/4
        }
        let hz = 0.5 * z - qx
        let a = 1 - qx
        return a - (hz - (z * r - x * y))
    }

    /// sin(x + y) on [-pi/4, pi/4] with a tail y (fdlibm's iy = 1 variant).
    private static func kernelSin(_ x: Double, _ y: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix < 0x3E40_0000 { return x }  // |x| < 2^-27
        let z = x * x
        let v = z * x
        let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))
        return x - ((z * (0.5 * y - v * r) - y) - v * S1)
    }

    /// x - n*pi/2 as a double-double (y0 + y1), with n.
    private static func remPio2(_ x: Double) -> (n: Int32, y0: Double, y1: Double) {
        let hx = highWord(x)
        let ix = hx & 0x7FFF_FFFF
        if ix < 0x4002_D97C {  // |x| < 3pi/4: n = +-1
            if hx > 0 {
                var z = x - pio2_1
                if ix != 0x3FF9_21FB {  // 33+53 bits of pi are enough
                    let y0 = z - pio2_1t
                    return (1, y0, (z - y0) - pio2_1t)
                }
                z -= pio2_2  // near pi/2: use 33+33+53 bits
                let y0 = z - pio2_2t
                return (1, y0, (z - y0) - pio2_2t)
            } else {
                var z = x + pio2_1
                if ix != 0x3FF9_21FB {
                    let y0 = z + pio2_1t
                    return (-1, y0, (z - y0) + pio2_1t)
                }
                z += pio2_2
                let y0 = z + pio2_2t
                return (-1, y0, (z - y0) + pio2_2t)
            }
        }
        precondition(ix <= 0x4139_21FB, "FdlibmCos only supports |x| <= 2^19 * pi/2")
        let t = abs(x)
        let n = Int32(t * invpio2 + 0.5)
        let fn = Double(n)
        var r = t - fn * pio2_1
        var w = fn * pio2_1t  // first round, good to 85 bits
        var y0: Double
        if n < 32 && ix != npio2_hw[Int(n) - 1] {
            y0 = r - w  // quick check: no cancellation
        } else {
            let j = ix >> 20
            y0 = r - w
            var i = j - ((highWord(y0) >> 20) & 0x7FF)
            if i > 16 {  // second iteration, good to 118 bits
                var t = r
                w = fn * pio2_2
                r = t - w
                w = fn * pio2_2t - ((t - r) - w)
                y0 = r - w
                i = j - ((highWord(y0) >> 20) & 0x7FF)
                if i > 49 {  // third iteration, 151 bits
                    t = r
                    w = fn * pio2_3
                    r = t - w
                    w = fn * pio2_3t - ((t - r) - w)
                    y0 = r - w
                }
            }
        }
        let y1 = (r - y0) - w
        return hx < 0 ? (-n, -y0, -y1) : (n, y0, y1)
    }
}
