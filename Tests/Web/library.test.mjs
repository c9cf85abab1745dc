// Tests for the library (Web/core/library.js): months, places, pages placed where their index says, live
// changes placed by the engine's rules (Web/core/changes.js on the real wasm), reconciliation; the API helpers (Web/core/api.js)
// and the info panel's formatting (Web/viewer/info.js). Run: node --test Tests/Web/
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { sortKey, before, filterQuery } from '../../Web/core/api.js'
import { Library, monthOf } from '../../Web/core/library.js'
import { apply } from '../../Web/core/changes.js'
import { loadLiveEngine } from '../../Web/engine/live-engine.js'
import { takenText, exposureText, sizeText, rows } from '../../Web/viewer/info.js'
import { gpsText } from '../../Web/core/photo-text.js'
import { clipTime } from '../../Web/core/duration.js'

/** The wasm the browser runs: live changes are placed by its rules. */
const engine = await loadLiveEngine(readFileSync(new URL('../../Web/engine/live.wasm', import.meta.url)))
const item = (id, takenAt) => ({ id, takenAt, width: 4, height: 3 })
const msg = (kind, id, takenAt, photo) => ({ kind, id, sortKey: [Date.parse(takenAt), id], photo: photo ?? null })
const ids = (lib) => lib.months.map((m) => Array.from({ length: m.count }, (_, k) => m.items[k]?.id ?? '·').join(' '))

/** March 2020 (3 photos), January 2020 (2), December 2019 (1). */
function library() {
  const lib = new Library()
  lib.accept({ months: [{ year: 2020, month: 3, count: 3 }, { year: 2020, month: 1, count: 2 }, { year: 2019, month: 12, count: 1 }], total: 6 })
  return lib
}
const page = [
  item('m3', '2020-03-20T00:00:00Z'), item('m2', '2020-03-10T00:00:00Z'), item('m1', '2020-03-01T00:00:00Z'),
  item('j2', '2020-01-20T00:00:00Z'), item('j1', '2020-01-10T00:00:00Z'), item('d1', '2019-12-31T23:59:59Z'),
]

test('sort keys read every takenAt form as the server orders it', () => {
  assert.deepEqual(sortKey(item('a', '2014-04-29T14:25:26+02:00')), [Date.UTC(2014, 3, 29, 12, 25, 26), 'a'])
  // A floating camera time is ordered as if it were UTC; file times are UTC.
  assert.deepEqual(sortKey(item('b', '2015-07-21T16:17:44')), [Date.UTC(2015, 6, 21, 16, 17, 44), 'b'])
  assert.deepEqual(sortKey(item('c', '2020-01-01T00:00:00.250Z')), [Date.UTC(2020, 0, 1, 0, 0, 0, 250), 'c'])
  assert.ok(before([2, 'a'], [1, 'z']) && before([1, 'b'], [1, 'a']) && !before([1, 'a'], [1, 'a']))
  assert.equal(monthOf(Date.UTC(2019, 11, 31, 23, 59, 59)), 201912)
  assert.equal(monthOf(Date.UTC(2020, 0, 1)), 202001)
})

test('months number every place in the library, newest first', () => {
  const lib = library()
  assert.equal(lib.total, 6)
  assert.deepEqual(lib.months.map((m) => m.first), [0, 3, 5])
  assert.deepEqual([0, 2, 3, 4, 5, 6, -1].map((i) => lib.sectionOf(i)), [0, 0, 1, 1, 2, -1, -1])
  assert.equal(lib.sectionOfMonth(202001), 1)
  assert.equal(lib.sectionOfMonth(202002), -1)
  assert.equal(lib.monthName(2), '2019-12')
})

test('a page goes where its index says and runs on into older months', () => {
  const lib = library()
  const runs = lib.place(1, page.slice(1, 5))
  assert.deepEqual(runs.map((r) => [r.section, r.start, r.items.length]), [[0, 1, 2], [1, 0, 2]])
  assert.deepEqual(ids(lib), ['· m2 m1', 'j2 j1', '·'])
  assert.equal(lib.indexOf('j1'), 4)
  assert.equal(lib.item(2).id, 'm1')
  assert.equal(lib.item(0), undefined)
})

test('a page whose photo is not in the month its index names stops there (the counts moved)', () => {
  const lib = library()
  // One photo too many in March on the server: the page's fourth item is March's, not January's.
  const runs = lib.place(0, [...page.slice(0, 3), item('m0', '2020-03-01T00:00:00Z'), page[3]])
  assert.deepEqual(runs.map((r) => r.items.length), [3])
  assert.deepEqual(ids(lib), ['m3 m2 m1', '· ·', '·'])
})

test('an insert goes where its sort key says, between loaded photos', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [
    msg('insert', 'm25', '2020-03-15T00:00:00Z', item('m25', '2020-03-15T00:00:00Z')),
    // Same time: the larger id first.
    msg('insert', 'j2b', '2020-01-20T00:00:00Z', item('j2b', '2020-01-20T00:00:00Z')),
  ], engine)
  assert.deepEqual(ids(lib), ['m3 m25 m2 m1', 'j2b j2 j1', 'd1'])
  assert.equal(lib.total, 8)
  assert.equal(lib.indexOf('j1'), 6)
  assert.ok(!lib.stale)
})

test('an insert into a gap of photos not loaded is a place not loaded; a new month is made in order', () => {
  const lib = library()
  lib.place(0, [page[0]])
  lib.place(2, [page[2]]) // March: m3 · m1
  apply(lib, [
    msg('insert', 'new', '2020-03-05T00:00:00Z', item('new', '2020-03-05T00:00:00Z')),
    msg('insert', 'feb', '2020-02-02T00:00:00Z', item('feb', '2020-02-02T00:00:00Z')),
    msg('insert', 'top', '2021-01-01T00:00:00Z', item('top', '2021-01-01T00:00:00Z')),
  ], engine)
  // 'new' sorts between m2 (not loaded) and m1: every place in that gap is unknown alike.
  assert.deepEqual(ids(lib), ['top', 'm3 · · m1', 'feb', '· ·', '·'])
  assert.deepEqual(lib.months.map((m) => m.year * 100 + m.month), [202101, 202003, 202002, 202001, 201912])
  assert.equal(lib.total, 9)
})

test('a delete closes the gap and empties a month; an update moves the photo; a change to a photo not loaded makes the counts stale', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [
    msg('delete', 'd1', '2019-12-31T23:59:59Z'),
    msg('update', 'm2', '2020-01-15T00:00:00Z', item('m2', '2020-01-15T00:00:00Z')),
  ], engine)
  assert.deepEqual(ids(lib), ['m3 m1', 'j2 m2 j1'])
  assert.ok(!lib.stale)
  apply(lib, [msg('delete', 'elsewhere', '2010-01-01T00:00:00Z')], engine)
  assert.ok(lib.stale)
  // The server's counts: the months that differ forget their photos, the others keep them.
  lib.reconcile({ months: [{ year: 2020, month: 3, count: 2 }, { year: 2020, month: 1, count: 3 }, { year: 2010, month: 1, count: 4 }] })
  assert.deepEqual(ids(lib), ['m3 m1', 'j2 m2 j1', '· · · ·'])
  assert.ok(!lib.stale)
  assert.equal(lib.total, 9)
})

test('an update that keeps its sort key stays in its place, even beside photos not loaded', () => {
  const lib = library()
  lib.place(0, [page[0]])
  lib.place(2, [page[2]]) // March: m3 · m1
  const renamed = { ...item('m1', '2020-03-01T00:00:00Z'), title: 'renamed' }
  apply(lib, [msg('update', 'm1', '2020-03-01T00:00:00Z', renamed)], engine)
  assert.deepEqual(ids(lib), ['m3 · m1', '· ·', '·'])
  assert.equal(lib.item(2), renamed)
  assert.ok(!lib.stale)
})

test('an update to a photo not loaded goes in where its place is exact, and makes the counts stale', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [msg('update', 'zz', '2020-03-15T00:00:00Z', item('zz', '2020-03-15T00:00:00Z'))], engine)
  assert.deepEqual(ids(lib), ['m3 zz m2 m1', 'j2 j1', 'd1'])
  assert.ok(lib.stale)
})

test('a change finds its photo after earlier changes of the same batch moved it', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [
    msg('insert', 'm25', '2020-03-15T00:00:00Z', item('m25', '2020-03-15T00:00:00Z')),
    msg('delete', 'j1', '2020-01-10T00:00:00Z'),
  ], engine)
  assert.deepEqual(ids(lib), ['m3 m25 m2 m1', 'j2', 'd1'])
  assert.ok(!lib.stale)
})

test('a batch that goes back and forth between months, and moves a photo it placed, lands as one change after another', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [
    msg('insert', 'm25', '2020-03-15T00:00:00Z', item('m25', '2020-03-15T00:00:00Z')),
    msg('insert', 'j15', '2020-01-15T00:00:00Z', item('j15', '2020-01-15T00:00:00Z')),
    msg('insert', 'm05', '2020-03-05T00:00:00Z', item('m05', '2020-03-05T00:00:00Z')),
    msg('update', 'm25', '2019-12-01T00:00:00Z', item('m25', '2019-12-01T00:00:00Z')),
    msg('delete', 'j15', '2020-01-15T00:00:00Z'),
  ], engine)
  assert.deepEqual(ids(lib), ['m3 m2 m05 m1', 'j2 j1', 'd1 m25'])
  assert.equal(lib.total, 8)
  assert.equal(lib.indexOf('m25'), 7)
  assert.ok(!lib.stale)
})

test('a delete of a photo not loaded, in a month that is loaded, is the engine\'s to judge: the counts are stale', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [msg('delete', 'j0', '2020-01-12T00:00:00Z')], engine)
  assert.deepEqual(ids(lib), ['m3 m2 m1', 'j2 j1', 'd1'])
  assert.ok(lib.stale)
})

test('a total that disagrees after a batch makes the counts stale', () => {
  const lib = library()
  lib.place(0, page)
  apply(lib, [{ ...msg('insert', 'x', '2020-03-02T00:00:00Z', item('x', '2020-03-02T00:00:00Z')), total: 7 }], engine)
  assert.ok(!lib.stale)
  apply(lib, [{ ...msg('insert', 'y', '2020-03-03T00:00:00Z', item('y', '2020-03-03T00:00:00Z')), total: 9 }], engine)
  assert.ok(lib.stale)
})

test('filters become ?q=&tag=', () => {
  assert.equal(filterQuery({ q: '', tags: [] }), '')
  assert.equal(filterQuery({ q: 'café au', tags: ['a b', 'x&y'] }), '?q=caf%C3%A9+au&tag=a+b&tag=x%26y')
})

test('the info panel formats EXIF as people read it', () => {
  assert.match(takenText({ takenAt: '2021-06-15T18:30:05+02:00', takenAtOffset: 120, takenAtSource: 'exif' }), /2021.*18:30:05 UTC\+02:00$/)
  assert.match(takenText({ takenAt: '2021-06-15T18:30:05-05:30', takenAtOffset: -330, takenAtSource: 'exif' }), /18:30:05 UTC−05:30$/)
  assert.match(takenText({ takenAt: '2015-07-21T16:17:44', takenAtOffset: null, takenAtSource: 'exif' }), /16:17:44 local time, zone unknown$/)
  assert.match(takenText({ takenAt: '2024-01-02T03:04:05Z', takenAtOffset: null, takenAtSource: 'file' }), /03:04:05 UTC \(file date\)$/)
  assert.equal(exposureText(0.004), '1/250 s')
  assert.equal(exposureText(2.5), '2.5 s')
  assert.equal(sizeText(4_200_000), '4.2 MB')
  assert.equal(sizeText(5300), '5 KB')
  assert.equal(gpsText({ latitude: 48.858333, longitude: -2.294444 }), '48.85833° N, 2.29444° W')
  const r = Object.fromEntries(rows({
    takenAt: '2021-06-15T18:30:05+02:00', takenAtOffset: 120, takenAtSource: 'exif', cameraMake: 'Canon',
    cameraModel: 'Canon EOS R5', lens: null, exposureTime: null, fNumber: 1.8, iso: 100, focalLength: 50,
    width: 6000, height: 4000, byteSize: 2_000_000, format: 'jpeg', mimeType: 'image/jpeg', location: null,
    originalName: 'x.jpg',
  }))
  assert.equal(r.Camera, 'Canon EOS R5')
  assert.equal(r.Aperture, 'ƒ/1.8')
  assert.equal(r['Focal length'], '50 mm')
  assert.equal(r.Dimensions, '6000 × 4000')
  assert.ok(!('Lens' in r) && !('Exposure' in r) && !('Location' in r))
})

test('a clip\'s length reads as a player shows it, whatever the catalog says', () => {
  assert.deepEqual([0, 0.4, 7.9, 65, 754, 3723, 36000].map(clipTime), ['0:00', '0:00', '0:07', '1:05', '12:34', '1:02:03', '10:00:00'])
  assert.deepEqual([NaN, -3, Infinity, undefined].map(clipTime), ['0:00', '0:00', '0:00', '0:00'])
})
