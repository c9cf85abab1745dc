// ThumbHash placeholders for the browser: the server stores hashes made by
// Sources/Imaging/ThumbHash.swift, and this module turns them into <img> sources.
//
// The decoder follows the reference implementation of Evan Wallace's ThumbHash
// (https://evanw.github.io/thumbhash/) operation for operation. For a given
// hash it gives the same pixels as `ThumbHash.decode` in Swift, which
// Tests/Web/thumbhash.test.mjs checks. The PNG is written uncompressed
// (stored deflate blocks). Encoding a 32x32 placeholder that way is faster
// than any canvas round trip, works in workers, and needs no dependencies.

/**
 * Decodes base64 (standard or URL-safe, padding optional) into hash bytes.
 * @param {string} b64 e.g. the `thumbhash` field of an API photo record
 * @returns {Uint8Array}
 */
export function thumbHashFromBase64(b64) {
  let s = b64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/')
  s += '='.repeat((4 - (s.length % 4)) % 4)
  const bin = atob(s)
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return bytes
}

/**
 * Width / height of the original image, as coarse as the hash stores it
 * (luminance frequency counts, e.g. 7:5). Good enough to reserve layout space.
 * @param {ArrayLike<number>} hash
 * @returns {number}
 */
export function thumbHashToApproximateAspectRatio(hash) {
  const hasAlpha = (hash[2] | 0) & 0x80
  const isLandscape = (hash[4] | 0) & 0x80
  const short = (hash[3] | 0) & 7
  const long = hasAlpha ? 5 : 7
  return isLandscape ? long / short : short / long
}

/**
 * Renders a hash to straight-alpha RGBA8, at most 32 px on the long side.
 * Bytes missing from a truncated hash read as 0, as in the reference and in
 * the Swift decoder.
 * @param {ArrayLike<number>} hash
 * @returns {{ w: number, h: number, rgba: Uint8Array }}
 */
export function thumbHashToRGBA(hash) {
  const { PI, cos, max, min, round } = Math
  const byte = (/** @type {number} */ i) => hash[i] | 0

  // Header: 24 bits of L/P/Q DC terms and L scale (+ alpha flag), then 16
  // bits of short-side frequency count, P/Q scales (+ landscape flag).
  const header24 = byte(0) | (byte(1) << 8) | (byte(2) << 16)
  const header16 = byte(3) | (byte(4) << 8)
  const lDC = (header24 & 63) / 63
  const pDC = ((header24 >> 6) & 63) / 31.5 - 1
  const qDC = ((header24 >> 12) & 63) / 31.5 - 1
  const lScale = ((header24 >> 18) & 31) / 31
  const hasAlpha = (header24 >> 23) !== 0
  const pScale = ((header16 >> 3) & 63) / 63
  const qScale = ((header16 >> 9) & 63) / 63
  const isLandscape = (header16 >> 15) !== 0
  const lx = max(3, isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7)
  const ly = max(3, isLandscape ? header16 & 7 : hasAlpha ? 5 : 7)
  const aDC = hasAlpha ? (byte(5) & 15) / 15 : 1
  const aScale = (byte(5) >> 4) / 15

  // AC terms: 4-bit nibbles, low nibble first. P and Q get a 1.25x boost to
  // make up for quantisation, as the reference does.
  const acStart = hasAlpha ? 6 : 5
  let index = 0
  const channel = (/** @type {number} */ nx, /** @type {number} */ ny, /** @type {number} */ scale) => {
    const ac = []
    for (let cy = 0; cy < ny; cy++)
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++, index++)
        ac.push((((byte(acStart + (index >> 1)) >> ((index & 1) << 2)) & 15) / 7.5 - 1) * scale)
    return ac
  }
  const lAC = channel(lx, ly, lScale)
  const pAC = channel(3, 3, pScale * 1.25)
  const qAC = channel(3, 3, qScale * 1.25)
  const aAC = hasAlpha ? channel(5, 5, aScale) : null

  const ratio = thumbHashToApproximateAspectRatio(hash)
  const w = round(ratio > 1 ? 32 : 32 * ratio)
  const h = round(ratio > 1 ? 32 / ratio : 32)
  const rgba = new Uint8Array(w * h * 4)
  const nfx = max(lx, hasAlpha ? 5 : 3)
  const nfy = max(ly, hasAlpha ? 5 : 3)
  const fx = new Float64Array(nfx)
  const fy = new Float64Array(nfy)

  for (let y = 0, i = 0; y < h; y++) {
    for (let cy = 0; cy < nfy; cy++) fy[cy] = cos(PI / h * (y + 0.5) * cy)
    for (let x = 0; x < w; x++, i += 4) {
      for (let cx = 0; cx < nfx; cx++) fx[cx] = cos(PI / w * (x + 0.5) * cx)
      let l = lDC, p = pDC, q = qDC, a = aDC

      for (let cy = 0, j = 0; cy < ly; cy++) {
        const fy2 = fy[cy] * 2
        for (let cx = cy ? 0 : 1; cx * ly < lx * (ly - cy); cx++, j++) l += lAC[j] * fx[cx] * fy2
      }
      for (let cy = 0, j = 0; cy < 3; cy++) {
        const fy2 = fy[cy] * 2
        for (let cx = cy ? 0 : 1; cx < 3 - cy; cx++, j++) {
          const f = fx[cx] * fy2
          p += pAC[j] * f
          q += qAC[j] * f
        }
      }
      if (aAC) {
        for (let cy = 0, j = 0; cy < 5; cy++) {
          const fy2 = fy[cy] * 2
          for (let cx = cy ? 0 : 1; cx < 5 - cy; cx++, j++) a += aAC[j] * fx[cx] * fy2
        }
      }

      // LPQ -> RGB. A Uint8Array store truncates, matching the reference.
      const b = l - 2 / 3 * p
      const r = (3 * l - b + q) / 2
      const g = r - q
      rgba[i] = max(0, 255 * min(1, r))
      rgba[i + 1] = max(0, 255 * min(1, g))
      rgba[i + 2] = max(0, 255 * min(1, b))
      rgba[i + 3] = max(0, 255 * min(1, a))
    }
  }
  return { w, h, rgba }
}

/** @type {Uint32Array | undefined} */
let crcTable

/** CRC-32 (ISO-HDLC, as PNG uses) of bytes[start..<end]. */
function crc32(/** @type {Uint8Array} */ bytes, /** @type {number} */ start, /** @type {number} */ end) {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c
    }
  }
  let c = 0xffffffff
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]) & 255] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/**
 * Encodes RGBA8 pixels as an uncompressed PNG data URL: one stored deflate
 * block per scanline (filter 0), so the size is about w*h*4 bytes + overhead.
 * @param {number} w
 * @param {number} h
 * @param {Uint8Array} rgba
 * @returns {string}
 */
export function rgbaToPNGDataURL(w, h, rgba) {
  const row = w * 4 + 1 // filter byte + pixels; <= 65535 for any sane w
  const idatLength = 2 + h * (5 + row) + 4 // zlib header, stored blocks, Adler-32
  const png = new Uint8Array(8 + (12 + 13) + (12 + idatLength) + 12)
  const view = new DataView(png.buffer)
  let o = 0
  const put = (/** @type {number[]} */ ...bytes) => { png.set(bytes, o); o += bytes.length }
  const u32 = (/** @type {number} */ v) => { view.setUint32(o, v); o += 4 }
  const chunk = (/** @type {string} */ type, /** @type {() => void} */ writeData) => {
    const lengthAt = o
    o += 4
    put(...[...type].map((ch) => ch.charCodeAt(0)))
    writeData()
    view.setUint32(lengthAt, o - lengthAt - 8)
    u32(crc32(png, lengthAt + 4, o))
  }

  put(137, 80, 78, 71, 13, 10, 26, 10)
  chunk('IHDR', () => { u32(w); u32(h); put(8, 6, 0, 0, 0) }) // 8-bit RGBA, no interlace
  chunk('IDAT', () => {
    put(0x78, 0x01) // zlib: deflate, 32K window, no preset dictionary
    let a = 1, b = 0 // Adler-32 over the uncompressed scanlines
    for (let y = 0; y < h; y++) {
      put(y === h - 1 ? 1 : 0, row & 255, row >> 8, ~row & 255, (~row >> 8) & 255)
      png[o++] = 0 // filter: none
      b = (b + a) % 65521
      const start = y * w * 4
      for (let i = start; i < start + w * 4; i++) {
        const v = rgba[i]
        png[o++] = v
        a = (a + v) % 65521
        b = (b + a) % 65521
      }
    }
    u32(((b << 16) | a) >>> 0)
  })
  chunk('IEND', () => {})

  let bin = ''
  for (let i = 0; i < png.length; i += 0x8000) bin += String.fromCharCode(...png.subarray(i, i + 0x8000))
  return 'data:image/png;base64,' + btoa(bin)
}

/**
 * Renders a hash as a PNG data URL for `<img src>` or a CSS background.
 * @param {Uint8Array} bytes the hash, e.g. from {@link thumbHashFromBase64}
 * @returns {string}
 */
export function thumbHashToDataURL(bytes) {
  const { w, h, rgba } = thumbHashToRGBA(bytes)
  // A corrupt header can give a 0-pixel side, which PNG cannot express.
  if (w === 0 || h === 0) return rgbaToPNGDataURL(1, 1, new Uint8Array(4))
  return rgbaToPNGDataURL(w, h, rgba)
}
