// The gallery session through the shipped binding and module (Web/engine/engine.js on Web/engine/engine.wasm): the
// grid renders its frames and lays out from its layout. Run: node --test Tests/Web/
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { loadEngine } from '../../Web/engine/engine.js'

const engine = await loadEngine(readFileSync(new URL('../../Web/engine/engine.wasm', import.meta.url)))
const config = { style: 'grid', width: 1000, spacing: 2, minimumTileWidth: 100, headerHeight: 36, yearHeaderHeight: 36,
  insets: { top: 56 } }
const months = Array.from({ length: 12 }, (_, k) => ({ year: 2024, month: 12 - k, count: 3000 }))

function session() {
  const s = engine.createSession(config)
  s.resize(800, 2)
  return { s, months: s.months(months) }
}

test('the months lay out the session own timeline and plan nothing until the next frame', () => {
  const { s, months: f } = session()
  assert.equal(f.scrollTo, 0)
  assert.deepEqual(f.start, [])
  assert.equal(f.contentHeight, s.timeline.contentHeight)
  assert.equal(s.timeline.sectionCount, 12)
  assert.equal(s.timeline.section(0).top, 56)
  assert.ok(f.holding)
})

test('a cold start loads and mounts the screen, and the rest once released', () => {
  const { s } = session()
  // The screen ends just above the third page: the window below it reaches into that page.
  const y = s.timeline.itemFrame(0, 400).y - 900
  const held = s.jump(y)
  assert.ok(held.start.length > 0 && held.start.every((r) => r.section === 0 && r.start === 200))
  assert.deepEqual(held.mount, { top: y, bottom: y + 800 })
  assert.ok(held.reach.bottom > held.mount.bottom)
  const released = s.release()
  assert.ok(!released.holding && released.start.some((r) => r.start === 400))
  assert.deepEqual(released.mount, released.reach)
})

test('a fling asks for larger pages, mounts the screen, and asks for a tick to stop', () => {
  const { s } = session()
  s.release()
  let f
  for (let k = 1; k <= 10; k++) f = s.scroll(k * 16 * 8, 100 + 16 * k)
  assert.ok(f.pageSize === 400 && Math.abs(f.velocity - 8) < 1e-9)
  assert.deepEqual(f.mount, { top: f.offset, bottom: f.offset + 800 })
  assert.equal(f.tickAt, 260 + 150)
  const rest = s.tick(410)
  assert.ok(rest.velocity === 0 && rest.tickAt === null && rest.pageSize === 200)
})

test('a failed load waits for its retry time, and a photo placed above keeps the view still', () => {
  const { s } = session()
  const first = s.release()
  const failed = s.pageFailed(first.start[0].id, 50)
  assert.equal(failed.retryAt, 1050)
  assert.equal(failed.tickAt, 1050)
  assert.deepEqual(s.tick(1049).start, [])
  assert.ok(s.tick(1050).start.length > 0)
  const y = s.timeline.section(2).top
  s.jump(y)
  const placed = s.placed(0, 0, new Float32Array(200).fill(1))
  assert.equal(placed.scrollTo, null, 'the 4:3 grid knew its rows already')
})
