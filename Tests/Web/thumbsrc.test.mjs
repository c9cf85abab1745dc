// The thumb URL a tile loads: Vitrine's own negotiating URL, or, from a bucket or CDN, WebP or its JPEG
// sibling as the engine (the real wasm) picks by what the browser decodes.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { thumbSrc } from '../../Web/core/images.js';
import { loadEngine } from '../../Web/engine/engine.js';

const engine = await loadEngine(readFileSync(new URL('../../Web/engine/engine.wasm', import.meta.url)));

const base = 'https://cdn.example.com/lib/ab/cd/';
const fromCDN = { url: base + 'a'.repeat(64), jpegUrl: base + 'b'.repeat(64), width: 400, height: 300 };
const own = { url: '/assets/' + 'a'.repeat(64), width: 400, height: 300 };

test('a browser that decodes WebP takes the WebP thumb', () => {
  assert.equal(thumbSrc(engine, fromCDN, () => true), fromCDN.url);
});

test('a browser without WebP takes the JPEG sibling from a CDN', () => {
  assert.equal(thumbSrc(engine, fromCDN, () => false), fromCDN.jpegUrl);
});

test("Vitrine's own /assets URL negotiates, so it is used whatever the browser", () => {
  assert.equal(thumbSrc(engine, own, () => false), own.url);
  assert.equal(thumbSrc(engine, own, () => true), own.url);
});

test("the grid's geometry is the engine's: a phone under 600 px, the wide grid from there", () => {
  const phone = engine.gridGeometry(390), wide = engine.gridGeometry(600);
  assert.deepEqual([phone.spacing, phone.sideInset, phone.minimumTileWidth, phone.targetRowHeight], [2, 0, 96, 130]);
  assert.deepEqual([wide.spacing, wide.sideInset, wide.minimumTileWidth, wide.targetRowHeight], [4, 4, 200, 220]);
  assert.deepEqual([wide.topBar, wide.bottomInset, wide.monthHeader, wide.yearHeader], [96, 64, 36, 36]);
});
