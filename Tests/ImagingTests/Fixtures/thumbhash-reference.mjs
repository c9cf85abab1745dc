// Independent JavaScript ThumbHash encoder used to produce the expected hash
// bytes that Tests/ImagingTests/ThumbHashTests.swift pins the Swift encoder to.
//
// It is written from the published algorithm (https://evanw.github.io/thumbhash/)
// and mirrors the reference JS implementation operation for operation: JS
// numbers are IEEE doubles and `Math.round` rounds halves up, so keeping the
// same expression order makes the output byte-identical to the reference.
//
// It also defines the synthetic fixture images. The Swift test builds the same
// images with the same integer formulas, so any change here must be mirrored
// in `Fixtures` in ThumbHashTests.swift.
//
// Usage:
//   node Tests/ImagingTests/Fixtures/thumbhash-reference.mjs           # fixture hashes as Swift literals
//   node Tests/ImagingTests/Fixtures/thumbhash-reference.mjs --corpus  # per-image hashes of the random corpus
//
// The module is also imported by Tests/Web/thumbhash.test.mjs.

import { pathToFileURL } from 'node:url'

/**
 * Encodes straight-alpha RGBA8 pixels (w*h*4 bytes, row-major) to a ThumbHash.
 * @param {number} w width, 1...100
 * @param {number} h height, 1...100
 * @param {ArrayLike<number>} rgba
 * @returns {Uint8Array}
 */
export function rgbaToThumbHash(w, h, rgba) {
  if (w < 1 || h < 1 || w > 100 || h > 100) throw new Error(`${w}x${h} must be within 1x1...100x100`)
  if (rgba.length !== w * h * 4) throw new Error('rgba must have w*h*4 bytes')
  const n = w * h

  // Alpha-weighted average colour; transparent pixels get composited onto it
  // so that their (meaningless) RGB does not leak into the hash.
  let avgR = 0, avgG = 0, avgB = 0, avgA = 0
  for (let i = 0; i < n; i++) {
    const alpha = rgba[i * 4 + 3] / 255
    avgR += alpha / 255 * rgba[i * 4]
    avgG += alpha / 255 * rgba[i * 4 + 1]
    avgB += alpha / 255 * rgba[i * 4 + 2]
    avgA += alpha
  }
  if (avgA) {
    avgR /= avgA
    avgG /= avgA
    avgB /= avgA
  }

  const hasAlpha = avgA < n
  const lLimit = hasAlpha ? 5 : 7 // alpha costs luminance resolution
  const lx = Math.max(1, Math.round(lLimit * w / Math.max(w, h)))
  const ly = Math.max(1, Math.round(lLimit * h / Math.max(w, h)))

  // RGBA -> LPQA (luminance, yellow-blue, red-green, alpha).
  const L = new Float64Array(n), P = new Float64Array(n), Q = new Float64Array(n), A = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const alpha = rgba[i * 4 + 3] / 255
    const r = avgR * (1 - alpha) + alpha / 255 * rgba[i * 4]
    const g = avgG * (1 - alpha) + alpha / 255 * rgba[i * 4 + 1]
    const b = avgB * (1 - alpha) + alpha / 255 * rgba[i * 4 + 2]
    L[i] = (r + g + b) / 3
    P[i] = (r + g) / 2 - b
    Q[i] = r - g
    A[i] = alpha
  }

  // DCT over a triangle of coefficients: cx*ny < nx*(ny-cy).
  const dct = (channel, nx, ny) => {
    let dc = 0, scale = 0
    const ac = []
    for (let cy = 0; cy < ny; cy++) {
      for (let cx = 0; cx * ny < nx * (ny - cy); cx++) {
        const fx = []
        for (let x = 0; x < w; x++) fx.push(Math.cos(Math.PI / w * cx * (x + 0.5)))
        let f = 0
        for (let y = 0; y < h; y++) {
          const fy = Math.cos(Math.PI / h * cy * (y + 0.5))
          for (let x = 0; x < w; x++) f += channel[x + y * w] * fx[x] * fy
        }
        f /= n
        if (cx === 0 && cy === 0) {
          dc = f
        } else {
          ac.push(f)
          scale = Math.max(scale, Math.abs(f))
        }
      }
    }
    // Normalise AC terms into [0, 1] relative to the largest magnitude.
    if (scale) for (let i = 0; i < ac.length; i++) ac[i] = 0.5 + 0.5 / scale * ac[i]
    return { dc, ac, scale }
  }
  const l = dct(L, Math.max(3, lx), Math.max(3, ly))
  const p = dct(P, 3, 3)
  const q = dct(Q, 3, 3)
  const a = hasAlpha ? dct(A, 5, 5) : null

  const isLandscape = w > h
  const round = Math.round
  const header24 = round(63 * l.dc)
    | (round(31.5 + 31.5 * p.dc) << 6)
    | (round(31.5 + 31.5 * q.dc) << 12)
    | (round(31 * l.scale) << 18)
    | ((hasAlpha ? 1 : 0) << 23)
  const header16 = (isLandscape ? ly : lx)
    | (round(63 * p.scale) << 3)
    | (round(63 * q.scale) << 9)
    | ((isLandscape ? 1 : 0) << 15)
  const out = [header24 & 255, (header24 >> 8) & 255, header24 >> 16, header16 & 255, header16 >> 8]
  if (hasAlpha) out.push(round(15 * a.dc) | (round(15 * a.scale) << 4))

  // AC terms as 4-bit nibbles, low nibble first: L, P, Q, then A.
  const acStart = out.length
  const nibbles = [...l.ac, ...p.ac, ...q.ac, ...(a ? a.ac : [])]
  nibbles.forEach((f, i) => {
    const k = acStart + (i >> 1)
    out[k] = (out[k] ?? 0) | (round(15 * f) << ((i & 1) * 4))
  })
  return new Uint8Array(out)
}

// ---------------------------------------------------------------------------
// Synthetic fixture images. Integer-only formulas so Swift can rebuild them
// exactly (all operands non-negative, so floor == Swift integer division).

function image(w, h, pixel) {
  const rgba = new Uint8Array(w * h * 4)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rgba.set(pixel(x, y), (y * w + x) * 4)
  return { w, h, rgba }
}

const div = (a, b) => Math.floor(a / b)

/** Named fixture images, in the order the Swift test lists them. */
export const fixtures = {
  solid: () => image(32, 32, () => [200, 100, 50, 255]),
  horizontalGradient: () => image(64, 32, (x) => {
    const r = div(x * 255, 63)
    return [r, 128, 255 - r, 255]
  }),
  transparentHalf: () => image(40, 40, (x) => (x < 20 ? [30, 144, 255, 255] : [255, 0, 0, 0])),
  landscape100x75: () => image(100, 75, (x, y) => {
    const dx = x - 60, dy = y - 35
    if (dx * dx + dy * dy < 400) return [20, 20, 20, 255]
    return [div(x * 255, 99), div(y * 255, 74), div((x + y) * 255, 173), 255]
  }),
  portrait30x100: () => image(30, 100, (x, y) => [div(y, 10) % 2 === 0 ? 230 : 20, div(x * 255, 29), 90, 255]),
  alphaGradient: () => image(48, 48, (x) => [255, 200, 0, div(x * 255, 47)]),
  single1x1: () => image(1, 1, () => [10, 20, 30, 255]),
  fullyTransparent: () => image(8, 8, () => [0, 0, 0, 0]),
}

// ---------------------------------------------------------------------------
// Pseudo-random corpus: xorshift32 drives sizes, kinds and pixels. The Swift
// test encodes the same corpus and compares an FNV-1a digest of all hashes.

export function xorshift32(seed) {
  let s = seed >>> 0
  return () => {
    s ^= s << 13; s >>>= 0
    s ^= s >>> 17
    s ^= s << 5; s >>>= 0
    return s
  }
}

export function corpusImage(next) {
  const w = 1 + (next() % 100)
  const h = 1 + (next() % 100)
  const kind = next() % 4
  const c0 = [next() & 255, next() & 255, next() & 255]
  const c1 = [next() & 255, next() & 255, next() & 255]
  const d = w + h
  return image(w, h, (x, y) => {
    switch (kind) {
      case 0: return [next() & 255, next() & 255, next() & 255, 255]
      case 1: return [next() & 255, next() & 255, next() & 255, next() & 255]
      default: {
        const t = x + y
        const c = c0.map((v, k) => div(v * (d - t) + c1[k] * t, d))
        return [...c, kind === 2 ? 255 : div(255 * x, w)]
      }
    }
  })
}

export const CORPUS_SEED = 0x9e3779b9
export const CORPUS_COUNT = 64

export function fnv1a(bytes, h = 0x811c9dc5) {
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0
  return h
}

/** Digest over (length, bytes...) of every corpus hash, plus the total byte count. */
export function corpusDigest(count = CORPUS_COUNT, seed = CORPUS_SEED) {
  const next = xorshift32(seed)
  let digest = 0x811c9dc5, total = 0
  for (let i = 0; i < count; i++) {
    const { w, h, rgba } = corpusImage(next)
    const hash = rgbaToThumbHash(w, h, rgba)
    digest = fnv1a([hash.length, ...hash], digest)
    total += hash.length
  }
  return { digest, total }
}

// ---------------------------------------------------------------------------

const hex = (b) => '0x' + b.toString(16).toUpperCase().padStart(2, '0')

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--corpus')) {
    const next = xorshift32(CORPUS_SEED)
    for (let i = 0; i < CORPUS_COUNT; i++) {
      const { w, h, rgba } = corpusImage(next)
      console.log(i, `${w}x${h}`, Array.from(rgbaToThumbHash(w, h, rgba), hex).join(', '))
    }
  } else {
    for (const [name, make] of Object.entries(fixtures)) {
      const { w, h, rgba } = make()
      console.log(`${name}: [${Array.from(rgbaToThumbHash(w, h, rgba), hex).join(', ')}],`)
    }
    const { digest, total } = corpusDigest()
    console.log(`corpus (seed ${hex(CORPUS_SEED)}, ${CORPUS_COUNT} images): digest ${hex(digest)}, ${total} bytes`)
  }
}
