// Tests for the live-change placement in Web/api.js and the info panel's formatting in
// Web/info.js. Run: node --test Tests/Web/
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { Store, sortKey, before, filterQuery } from '../../Web/api.js'
import { takenText, exposureText, sizeText, gpsText, rows } from '../../Web/info.js'

const item = (id, takenAt) => ({ id, takenAt })
const msg = (kind, id, ms, total, photo) => ({ kind, id, sortKey: [ms, id], total, photo: photo ?? null })

function store(items, done = false) {
  const s = new Store()
  s.items = items.slice()
  s.reindex()
  s.total = items.length
  s.done = done
  return s
}

test('sort keys read every takenAt form as the server orders it', () => {
  assert.deepEqual(sortKey(item('a', '2014-04-29T14:25:26+02:00')), [Date.UTC(2014, 3, 29, 12, 25, 26), 'a'])
  // A floating camera time is ordered as if it were UTC; file times are UTC.
  assert.deepEqual(sortKey(item('b', '2015-07-21T16:17:44')), [Date.UTC(2015, 6, 21, 16, 17, 44), 'b'])
  assert.deepEqual(sortKey(item('c', '2020-01-01T00:00:00.250Z')), [Date.UTC(2020, 0, 1, 0, 0, 0, 250), 'c'])
  assert.ok(before([2, 'a'], [1, 'z']) && before([1, 'b'], [1, 'a']) && !before([1, 'a'], [1, 'a']))
})

test('an insert goes where its sort key says, newest first', () => {
  const s = store([item('c', '2020-03-01T00:00:00Z'), item('a', '2020-01-01T00:00:00Z')])
  s.apply(msg('insert', 'b', Date.UTC(2020, 1, 1), 3, item('b', '2020-02-01T00:00:00Z')))
  s.apply(msg('insert', 'd', Date.UTC(2021, 0, 1), 4, item('d', '2021-01-01T00:00:00Z')))
  // Same time: the larger id first.
  s.apply(msg('insert', 'bb', Date.UTC(2020, 1, 1), 5, item('bb', '2020-02-01T00:00:00Z')))
  s.reindex()
  assert.deepEqual(s.items.map((i) => i.id), ['d', 'c', 'bb', 'b', 'a'])
  assert.equal(s.total, 5)
  assert.equal(s.ids.get('bb'), 2)
})

test('an insert older than the loaded range waits for paging, unless the list is complete', () => {
  const s = store([item('c', '2020-03-01T00:00:00Z')])
  s.apply(msg('insert', 'old', Date.UTC(2019, 0, 1), 9, item('old', '2019-01-01T00:00:00Z')))
  assert.deepEqual(s.items.map((i) => i.id), ['c'])
  assert.equal(s.total, 9)
  const done = store([item('c', '2020-03-01T00:00:00Z')], true)
  done.apply(msg('insert', 'old', Date.UTC(2019, 0, 1), 2, item('old', '2019-01-01T00:00:00Z')))
  assert.deepEqual(done.items.map((i) => i.id), ['c', 'old'])
})

test('deletes close the gap; updates replace in place; a vanished photo is a delete', () => {
  const s = store(['c', 'b', 'a'].map((id, k) => item(id, `2020-0${3 - k}-01T00:00:00Z`)))
  s.apply(msg('delete', 'b', Date.UTC(2020, 1, 1), 2))
  s.apply(msg('delete', 'zz', 0, 2)) // not loaded: only the total moves
  s.apply(msg('update', 'c', Date.UTC(2020, 2, 1), 2, { ...item('c', '2020-03-01T00:00:00Z'), title: 'New' }))
  s.apply(msg('update', 'a', Date.UTC(2020, 0, 1), 1, null))
  s.reindex()
  assert.deepEqual(s.items.map((i) => [i.id, i.title]), [['c', 'New']])
  assert.equal(s.total, 1)
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
