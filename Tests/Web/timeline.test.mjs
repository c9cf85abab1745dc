// The engine's timeline through Web/engine/engine.js (on engine-all.wasm, for the queries only tests call: the
// shipped engine.wasm is another link of the same compile): months laid out from their
// counts, spans and frames, pages made exact with the view held still, anchors, and the planner's
// order and cancellation. Run: node --test Tests/Web/
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { loadTools } from '../EngineParity/engine-tools.js'

const { engine } = await loadTools()
// 6 columns of 200 × 150 tiles, 4 apart, in 1232 px; months 36 px high, 36 more where a year opens.
const config = { style: 'grid', width: 1232, spacing: 4, insets: { top: 96, bottom: 64, left: 4, right: 4 },
  minimumTileWidth: 200, tileAspectRatio: 4 / 3, headerHeight: 36, yearHeaderHeight: 36 }
const months = [{ year: 2020, month: 3, count: 13 }, { year: 2020, month: 1, count: 600 }, { year: 2019, month: 12, count: 1 }]

function timeline(c = config) {
  const t = engine.createTimeline(c)
  t.setMonths(months)
  return t
}

test('months are laid out from their counts, a year heading where the year changes', () => {
  const t = timeline()
  assert.equal(t.sectionCount, 3)
  assert.equal(t.itemCount, 614)
  const [a, b, c] = [0, 1, 2].map((s) => t.section(s))
  assert.deepEqual([a.year, a.month, a.count, a.first, a.opensYear], [2020, 3, 13, 0, true])
  assert.deepEqual([b.first, b.opensYear, c.first, c.opensYear], [13, false, 613, true])
  assert.equal(a.top, 96)
  assert.equal(a.headerHeight, 72)
  assert.equal(b.headerHeight, 36)
  const pitch = t.itemFrame(0, 6).y - t.itemFrame(0, 0).y
  assert.ok(Math.abs(a.bodyHeight - (3 * pitch - 4)) < 0.01, 'three rows of tiles in March')
  const tops = t.sectionTops()
  assert.equal(tops.length, 4)
  assert.equal(tops[3], t.contentHeight)
  assert.equal(t.sectionAt(tops[1] + 1), 1)
})

test('spans and frames say what a band shows', () => {
  const t = timeline()
  const b = t.section(1)
  const spans = t.spans(b.top - 10, b.top + b.headerHeight + 200)
  assert.deepEqual(spans.map((s) => [s.section, s.header]), [[0, false], [1, true]])
  assert.equal(spans[1].start, 0)
  assert.equal(spans[1].end, 12, 'two rows of January')
  const f = t.frames(1, 0, 2, b.top)
  assert.equal(f.length, 8)
  assert.equal(f[1], b.headerHeight, 'the first row sits under the heading')
  assert.ok(f[4] > f[0])
  assert.deepEqual(t.itemAt(f[0] + 1, b.top + f[1] + 1), { section: 1, item: 0 })
})

test('a page that arrives holds the photo under the header line still', () => {
  const t = timeline({ ...config, style: 'justified', targetRowHeight: 200, averageAspectRatio: 1.5 })
  const line = t.section(2).top - 300 // in January, below its first rows
  const a = t.anchor(0, line)
  assert.equal(a.section, 1)
  const before = t.anchorY(a)
  // January's first page: panoramas, so its rows come out lower than the estimate.
  const correction = t.setItems(1, 0, new Float32Array(200).fill(3), line)
  assert.ok(correction !== 0)
  assert.ok(Math.abs(t.anchorY(a) - (before + correction)) < 0.01, 'the anchor moved by the correction')
  assert.ok(t.isLoaded(1, 5) && !t.isLoaded(1, 300))
})

test('a live insert above the view moves the view by what it added', () => {
  const t = timeline()
  const line = t.section(1).top + 500
  const a = t.anchor(0, line)
  const correction = t.insertItems(0, 0, new Float32Array(6).fill(4 / 3), line)
  const pitch = t.itemFrame(0, 6).y - t.itemFrame(0, 0).y
  assert.ok(Math.abs(correction - pitch) < 0.01, 'a row more in March')
  assert.equal(t.section(0).count, 19)
  assert.ok(Math.abs(t.anchorY(a) - (line + correction)) < 0.01)
})

test('the planner asks for the screen first, then ahead, and cancels what a jump left behind', () => {
  const t = timeline()
  t.configurePlanner({ pageSize: 200, maximumInFlight: 2, scrubSpeed: 30 })
  const top = t.section(1).top + 36
  const first = t.plan(top, 800, 0)
  // January's first page holds the screen and the band ahead; then March, just behind.
  assert.deepEqual(first.requests.map((r) => [r.section, r.start, r.end]), [[1, 0, 200], [0, 0, 13]])
  assert.equal(first.cancelled.length, 0)
  // Nothing new while two are in flight.
  assert.equal(t.plan(top, 800, 0).requests.length, 0)
  // A scrub far away: nothing new at scrub speed, and what is in flight up there is cancelled.
  const far = t.plan(t.contentHeight - 800, 800, 500)
  assert.equal(far.requests.length, 0)
  assert.deepEqual(far.cancelled.map((r) => r.id).sort(), first.requests.map((r) => r.id).sort())
  // At rest there, the month on screen.
  const there = t.plan(t.contentHeight - 800, 800, 0)
  assert.ok(there.requests.length > 0 && there.requests.every((r) => r.section >= 1))
  for (const r of there.requests) assert.ok(t.finish(r.id))
  assert.ok(!t.finish(there.requests[0].id), 'finished once')
})

test('a resize keeps the photo under the header line', () => {
  const t = timeline()
  const line = t.section(1).top + 900
  const a = t.anchor(0, line)
  const correction = t.configure({ ...config, width: 640 }, 0, line)
  assert.ok(Math.abs(t.anchorY(a) - (line + correction)) < 0.01)
  assert.ok(correction > 0, 'narrower: more rows above')
  t.destroy()
})
