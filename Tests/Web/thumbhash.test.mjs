// Tests for Web/core/thumbhash.js. Run: node --test Tests/Web/
//
// The hash bytes below are the fixtures pinned in
// Tests/ImagingTests/ThumbHashTests.swift (`Fixtures.expected`). The Swift
// encoder and the independent reference encoder in
// Tests/ImagingTests/Fixtures/thumbhash-reference.mjs both produce them. The
// pinned pixels are what Swift's `ThumbHash.decode` gives for those hashes
// (ThumbHashTests "decoded pixels match the reference decoder"). So the browser
// and the server render the same placeholder.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { inflateSync } from 'node:zlib'

import {
  rgbaToPNGDataURL,
  thumbHashFromBase64,
  thumbHashToApproximateAspectRatio,
  thumbHashToDataURL,
  thumbHashToRGBA,
} from '../../Web/core/thumbhash.js'
import { fixtures, rgbaToThumbHash } from '../ImagingTests/Fixtures/thumbhash-reference.mjs'

const swiftFixtureHashes = {
  landscape100x75: [0x1B, 0xF8, 0x0D, 0x0D, 0x98, 0xB1, 0x73, 0x78, 0x80, 0x78, 0x78, 0x6C, 0xA5, 0x77, 0x87, 0x87, 0x7F, 0x70, 0x07, 0xF8, 0x88],
  portrait30x100: [0x1C, 0xF9, 0x09, 0x3A, 0x1A, 0x80, 0x89, 0x88, 0x88, 0x89, 0x88, 0x89, 0x80, 0x79, 0xF8, 0x97, 0x87],
  transparentHalf: [0xE3, 0x12, 0x81, 0x05, 0x00, 0x58, 0x57, 0x5F, 0x79, 0x88, 0x77, 0x78, 0x78, 0x76, 0x78, 0x0F, 0x78, 0x77, 0x8F, 0x75, 0x78, 0x88, 0x88, 0x88, 0x88],
  alphaGradient: [0x25, 0x6F, 0x82, 0x05, 0x00, 0x37, 0x6F, 0x19, 0x87, 0x77, 0x78, 0x88, 0x78, 0x0F, 0x86, 0x07, 0x74, 0x87, 0x80, 0x87, 0x77, 0x88, 0x87, 0x88, 0x78],
}

// [fixture, width x height, x, y, rgba from Swift ThumbHash.decode]
const swiftDecodedPixels = [
  ['landscape100x75', [32, 23], 0, 0, [34, 14, 22, 255]],
  ['landscape100x75', [32, 23], 16, 11, [28, 42, 30, 255]],
  ['landscape100x75', [32, 23], 31, 22, [239, 218, 226, 255]],
  ['portrait30x100', [9, 32], 0, 0, [188, 44, 131, 255]],
  ['portrait30x100', [9, 32], 8, 31, [82, 250, 70, 255]],
  ['transparentHalf', [32, 32], 0, 0, [27, 145, 252, 255]],
  ['transparentHalf', [32, 32], 16, 16, [27, 145, 252, 110]],
  ['transparentHalf', [32, 32], 31, 31, [27, 145, 252, 22]],
  ['alphaGradient', [32, 32], 16, 16, [252, 200, 0, 131]],
]

/** Alpha-weighted mean colour in 0...1 (transparent pixels' RGB is ignored). */
function meanColor(rgba) {
  let r = 0, g = 0, b = 0, a = 0
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3] / 255
    r += alpha * rgba[i] / 255
    g += alpha * rgba[i + 1] / 255
    b += alpha * rgba[i + 2] / 255
    a += alpha
  }
  return a ? { r: r / a, g: g / a, b: b / a, a: a / (rgba.length / 4) } : { r: 0, g: 0, b: 0, a: 0 }
}

/** Bitwise CRC-32, independent of the table version in thumbhash.js. */
function crc32(bytes) {
  let c = ~0
  for (const byte of bytes) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

/** Parses a data: URL PNG written by thumbhash.js, checking every CRC, and returns its RGBA. */
function decodePNG(url) {
  const prefix = 'data:image/png;base64,'
  assert.ok(url.startsWith(prefix))
  const png = Buffer.from(url.slice(prefix.length), 'base64')
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10])
  const chunks = []
  for (let o = 8; o < png.length;) {
    const length = png.readUInt32BE(o)
    const type = png.toString('latin1', o + 4, o + 8)
    const data = png.subarray(o + 8, o + 8 + length)
    assert.equal(png.readUInt32BE(o + 8 + length), crc32(png.subarray(o + 4, o + 8 + length)), `${type} CRC`)
    chunks.push({ type, data })
    o += 12 + length
  }
  assert.deepEqual(chunks.map((c) => c.type), ['IHDR', 'IDAT', 'IEND'])
  const ihdr = chunks[0].data
  const w = ihdr.readUInt32BE(0), h = ihdr.readUInt32BE(4)
  assert.deepEqual([...ihdr.subarray(8)], [8, 6, 0, 0, 0]) // 8-bit RGBA, no interlace
  // inflateSync verifies the zlib header, the stored blocks and the Adler-32.
  const raw = inflateSync(chunks[1].data)
  assert.equal(raw.length, h * (1 + w * 4))
  const rgba = new Uint8Array(w * h * 4)
  for (let y = 0; y < h; y++) {
    assert.equal(raw[y * (1 + w * 4)], 0, 'filter type none')
    rgba.set(raw.subarray(y * (1 + w * 4) + 1, (y + 1) * (1 + w * 4)), y * w * 4)
  }
  return { w, h, rgba }
}

test('the reference encoder still produces the fixture bytes pinned in the Swift test', () => {
  for (const [name, hash] of Object.entries(swiftFixtureHashes)) {
    const { w, h, rgba } = fixtures[name]()
    assert.deepEqual([...rgbaToThumbHash(w, h, rgba)], hash, name)
  }
})

test('decoding the Swift fixture hashes gives the same pixels as Swift ThumbHash.decode', () => {
  for (const [name, [w, h], x, y, expected] of swiftDecodedPixels) {
    const decoded = thumbHashToRGBA(Uint8Array.from(swiftFixtureHashes[name]))
    assert.deepEqual([decoded.w, decoded.h], [w, h], name)
    const i = (y * w + x) * 4
    const got = [...decoded.rgba.subarray(i, i + 4)]
    // Same algorithm and same IEEE operations, so expect exact equality. The
    // ±1 slack only allows for a JS engine whose Math.cos differs in the last ulp.
    got.forEach((v, c) => assert.ok(Math.abs(v - expected[c]) <= 1, `${name} (${x},${y}) ${got} vs ${expected}`))
  }
})

test('round trip through the reference encoder keeps the mean colour', () => {
  for (const name of ['solid', 'horizontalGradient', 'transparentHalf', 'landscape100x75', 'portrait30x100', 'alphaGradient']) {
    const { w, h, rgba } = fixtures[name]()
    const decoded = thumbHashToRGBA(rgbaToThumbHash(w, h, rgba))
    const want = meanColor(rgba), got = meanColor(decoded.rgba)
    for (const k of ['r', 'g', 'b', 'a']) assert.ok(Math.abs(want[k] - got[k]) < 0.05, `${name}.${k}: ${got[k]} vs ${want[k]}`)
  }
})

test('solid colours come back as (nearly) the same flat colour', () => {
  for (const rgb of [[200, 100, 50], [0, 0, 0], [255, 255, 255], [12, 200, 180]]) {
    const w = 24, h = 40
    const rgba = new Uint8Array(w * h * 4)
    for (let i = 0; i < w * h; i++) rgba.set([...rgb, 255], i * 4)
    const decoded = thumbHashToRGBA(rgbaToThumbHash(w, h, rgba))
    assert.ok(decoded.h === 32 && decoded.w < 32, 'portrait placeholder')
    for (let i = 0; i < decoded.rgba.length; i += 4) {
      for (let c = 0; c < 3; c++) assert.ok(Math.abs(decoded.rgba[i + c] - rgb[c]) <= 6, `${rgb}: ${decoded.rgba.subarray(i, i + 4)}`)
      assert.equal(decoded.rgba[i + 3], 255)
    }
  }
})

test('thumbHashToDataURL writes a valid PNG holding exactly the decoded pixels', () => {
  for (const [name, bytes] of Object.entries(swiftFixtureHashes)) {
    const hash = Uint8Array.from(bytes)
    const png = decodePNG(thumbHashToDataURL(hash))
    const decoded = thumbHashToRGBA(hash)
    assert.deepEqual([png.w, png.h], [decoded.w, decoded.h], name)
    assert.deepEqual(png.rgba, decoded.rgba, name)
  }
})

test('rgbaToPNGDataURL handles 1x1 and odd sizes', () => {
  for (const [w, h] of [[1, 1], [3, 7], [32, 1]]) {
    const rgba = Uint8Array.from({ length: w * h * 4 }, (_, i) => (i * 37) & 255)
    const png = decodePNG(rgbaToPNGDataURL(w, h, rgba))
    assert.deepEqual([png.w, png.h], [w, h])
    assert.deepEqual(png.rgba, rgba)
  }
})

test('a corrupt hash still yields a valid image URL', () => {
  for (const bad of [[], [0, 0, 0, 0, 0], [0xff, 0xff, 0xff, 0xf8, 0xff]]) {
    const png = decodePNG(thumbHashToDataURL(Uint8Array.from(bad)))
    assert.ok(png.w >= 1 && png.h >= 1)
  }
})

test('thumbHashFromBase64 accepts standard, URL-safe and unpadded base64', () => {
  for (const bytes of Object.values(swiftFixtureHashes)) {
    const buf = Buffer.from(bytes)
    const std = buf.toString('base64')
    const url = buf.toString('base64url')
    assert.deepEqual([...thumbHashFromBase64(std)], bytes)
    assert.deepEqual([...thumbHashFromBase64(url)], bytes)
    assert.deepEqual([...thumbHashFromBase64(std.replace(/=+$/, ''))], bytes)
    assert.deepEqual([...thumbHashFromBase64(` ${std.slice(0, 8)}\n${std.slice(8)} `)], bytes)
  }
})

test('approximate aspect ratio', () => {
  assert.equal(thumbHashToApproximateAspectRatio(swiftFixtureHashes.landscape100x75), 7 / 5)
  assert.equal(thumbHashToApproximateAspectRatio(swiftFixtureHashes.portrait30x100), 2 / 7)
  assert.equal(thumbHashToApproximateAspectRatio(swiftFixtureHashes.transparentHalf), 1)
})
