// Vitrine web client: boot, routing, offline screen, loading status, search, live refresh, and the
// place in time kept in history. The viewer (with its part of the engine), the tile menu, the info
// panel, the tag sheet and admin mode are modules loaded on first use.
import { loadEngine, laterEngine } from './engine/engine.js';
import { getJSON, token, filterQuery } from './core/api.js';
import { Library } from './core/library.js';
import { policy, adopt } from './core/policy.js';
import { Grid } from './grid/grid.js';
import { Search, readFilter, urlFor } from './ui/search.js';
import { moreCSS, loadHashes, el } from './core/images.js';
import { inline, shown, arrival } from './core/first-screen.js';
import { scope, base, photoPath, idFromPath, apiRoot } from './core/scope.js';

const $ = (/** @type {string} */ s) => /** @type {HTMLElement} */ (document.querySelector(s));
const lib = new Library(readFilter());
const offline = $('#offline'), pill = $('#pill'), toggle = $('#layout'), count = $('#count'), adminBtn = $('#admin');
/** @type {import('./grid/grid.js').Grid} */ let grid;
/** @type {import('./viewer/viewer.js').Viewer|undefined} */ let viewer;
/** @type {Promise<import('./viewer/viewer.js').Viewer>|undefined} */ let viewerLoading;
/** @type {import('./engine/engine.js').Engine} */ let engine;
/** @type {{engine: import('./engine/live-engine.js').LiveEngine, apply: typeof import('./core/changes.js').apply}|undefined} the live rules, loaded with the first change */ let liveRules;
/** @type {Promise<void>|undefined} */ let liveLoading;
/** @type {Change[]} changes that came before the live rules loaded, applied in order once they have */
let early = [];
/** @type {Search} */ let search;
/** @type {import('./grid/scrubber.js').Scrubber|undefined} the scrubber, loaded once the first screen shows */ let scrubber;
let ignorePop = false, requery = 0;
/** @type {Promise<unknown>|undefined} the selection bar, once anything was selected */ let selecting;
/** @type {string|null} the photo the viewer opens on once it has loaded; Escape or Back meanwhile cancels */
let opening = null;
const timers = { place: 0, tags: 0, toast: 0 }, reconciling = { running: false, again: false };

/** @returns {Promise<void>} */
async function boot() {
  offline.hidden = true;
  document.body.dataset.scope = scope.kind;
  if (scope.list) return listPage();
  if (scope.kind === 'album') import('./ui/albums.js').then((m) => m.albumHeading(scope.id, $('header h1')));
  if (scope.kind === 'link') {
    // What the link allows comes inline with its page: no request competes with the first screen's.
    const l = JSON.parse($('#link')?.textContent || '{}');
    $('header h1').textContent = document.title = l.title || document.title;
    if (!l.allowDownload) document.body.dataset.nodownload = '';
    if (l.allowUpload) import('./ui/link-upload.js').then((m) => m.linkUploads($('header h1'), () => { reopen('requery').catch(() => 0); }, toast));
  }
  document.body.classList.add('loading');
  const deep = idFromPath();
  try {
    // The server's tiles paint first: the boot (about 100 ms of main thread on a slow machine) would
    // hold back the frames that show their thumbnails. Not for a deep link: its viewer comes first.
    const ssr = /** @type {HTMLImageElement[]} */ ([...document.querySelectorAll('.ssr img')]);
    const paintFirst = !engine && ssr.length > 0 && !deep;
    const months = () => (lib.total >= 0 || inline(lib) ? null : lib.open());
    // Otherwise the engine and the months load side by side: neither needs the other.
    [engine] = await Promise.all([engine || loadEngine(), paintFirst ? null : months()]);
    adopt(engine.clientPolicy());
    if (paintFirst) {
      await shown(ssr, policy.serverTilesArrival, policy.serverTilesPaint);
      await months();
    }
  } catch (x) {
    const e = /** @type {HttpError} */ (x);
    if (e.status === 401) {
      // A private server: sign in (the session cookie then authorises images and the feed).
      await (await import('./ui/admin.js')).unlock();
      return boot();
    }
    document.body.classList.remove('loading');
    $('#offline-detail').textContent = e.status ? `The server answered: ${e.message}` : 'Check your connection and try again.';
    offline.hidden = false;
    $('#retry').focus();
    return;
  }
  const first = !grid;
  if (first) start();
  // Back or a reload: the place in time this entry was left at.
  const at = history.state?.at;
  if (first && at && !deep) { grid.restore(at); grid.release(); }
  // Lay out now rather than on the next frame, so the first screen's images exist to wait for.
  grid.update();
  counted();
  // Reveal when the visible thumbnails arrived, or after a time limit. Not after decode(): that
  // decodes at full size, where drawing decodes straight to the tile's scale, in the raster tasks.
  // At once when the grid adopted the server's tiles: they were on screen already.
  // A deep link's viewer comes first: the grid under it goes to the photo's place anyway.
  if (deep) {
    document.body.classList.remove('loading');
    await openDeep(deep);
  } else if (!grid.adopted) { await grid.ready(policy.gridReadyWait); await arrival(grid.visibleImages(), policy.firstScreenWait); }
  document.body.classList.remove('loading');
  if (!first) return;
  // What the first screen does not need waits until its thumbnails arrived: the rest of the grid's
  // prefetch window, then, once the browser is idle, the change feed, the tag bar, the ThumbHash
  // decoder, a kept admin token (a synchronous storage read), the viewer, so that the first tap opens
  // it at once, and the scrubber.
  await arrival(grid.visibleImages(), policy.firstScreenWait);
  grid.release();
  await new Promise((r) => ('requestIdleCallback' in globalThis ? requestIdleCallback(r, { timeout: policy.idleWait }) : setTimeout(r, policy.idleFallback)));
  // A link's visit counts once its first screen showed.
  if (scope.kind === 'link') getJSON(apiRoot).catch(() => 0);
  else {
    import('./core/live.js').then((m) => m.live(changes, () => reopen('reset').catch(() => 0), lib.since, (n) => engine.feedRetryDelay(n)));
    search.loadTags();
  }
  loadHashes().catch(() => 0);
  if (token()) admin(true);
  loadViewer().catch(() => 0);
  Promise.all([import('./grid/scrubber.js'), laterEngine()]).then(([m, e]) => { scrubber = new m.Scrubber(grid, e); window.vitrine = { ...window.vitrine, scrubber }; }, () => 0);
}

/**
 * A list (the albums, the trash, the share links): no timeline, cards; a search goes to the library.
 * @returns {Promise<void>}
 */
async function listPage() {
  engine ??= await loadEngine();
  adopt(engine.clientPolicy());
  search = new Search(lib, (f) => { location.href = urlFor(f); });
  search.render();
  if (token()) admin(true);
  try {
    await (await import(`./ui/${scope.kind}.js`)).show($('[data-grid]'), toast);
  } catch (x) {
    const e = /** @type {HttpError} */ (x);
    if (e.status === 401) { await (await import('./ui/admin.js')).unlock(); return listPage(); }
    toast(e.message);
  }
  document.body.classList.remove('loading');
}

function start() {
  grid = new Grid(engine, lib, $('[data-grid]'), (i) => openAt(i, true), menu);
  search = new Search(lib, (f) => reopen('filter', f).catch((e) => { toast(`Search failed: ${e.message}`); if (urlFor(search.filter) === urlFor(f)) search.set(lib.filter, 'undo'); }));
  grid.on((kind) => {
    if (kind === 'error') {
      pill.hidden = false;
      const wait = grid.retryAt - performance.now();
      $('#pill-text').textContent = `Couldn't load photos.` + (isFinite(wait) ? ` Retrying in ${Math.max(1, Math.round(wait / 1000))} s` : '');
    } else if (kind === 'loaded') pill.hidden = true;
    if (kind !== 'update' || document.body.dataset.paging !== (grid.inflight.size ? 'loading' : 'done')) {
      document.body.dataset.paging = kind === 'error' ? 'error' : grid.inflight.size ? 'loading' : 'done';
    }
    if (kind === 'update' || kind === 'jumped') keepPlace();
    if (kind === 'selection') selectionBar();
  });
  lib.on((kind, _, runs) => { if (kind === 'loaded') grid.adopt(runs); });
  const setToggle = () => {
    const j = grid.style === 'justified';
    toggle.setAttribute('aria-pressed', String(j));
    toggle.textContent = j ? 'Justified' : 'Grid';
    document.body.dataset.layout = grid.style;
  };
  setToggle();
  toggle.onclick = () => { grid.setStyle(grid.style === 'grid' ? 'justified' : 'grid'); setToggle(); };
  adminBtn.onclick = () => admin();
  document.addEventListener('keydown', keys);
  // A pointer over a tile, a press or a tile's focus comes before the click that opens it: the viewer
  // starts loading then.
  const warm = (/** @type {Event} */ e) => { if (/** @type {Element} */ (e.target).closest?.('.tile')) loadViewer().catch(() => 0); };
  for (const type of ['pointerover', 'pointerdown', 'focusin']) grid.scroller.addEventListener(type, warm, { passive: true });
  if (new URLSearchParams(location.search).has('debug')) {
    Promise.all([loadViewer(), import('./viewer/debug.js')]).then(([v, m]) => m.debug(v));
  }
  window.vitrine = { lib, grid, viewer, search }; // for tests and the console
}

/** The viewer, its module and its wasm loaded on first use: the first screen needs neither. */
function loadViewer() {
  if (viewerLoading) return viewerLoading;
  // Everything the viewer needs is asked for at once, rather than as each module finds its imports.
  return viewerLoading = Promise.all([import('./viewer/viewer.js'), laterEngine(), import('./core/photo-text.js'), moreCSS()])
    .then(([m, motion]) => {
      const v = viewer = new m.Viewer(motion, lib, grid, {
        requestClose() {
          v.close();
          if (history.state?.photo) { ignorePop = true; history.back(); }
        },
        changed(/** @type {string} */ id) { history.replaceState({ photo: id }, '', photoPath(id)); },
        tag(/** @type {string} */ name) { v.close(); search.set({ q: '', tags: [name] }, 'commit'); },
        deleted(/** @type {string} */ id) { changes([{ kind: 'delete', id, photo: null }]); },
        undo,
      });
      document.body.append(v.root);
      window.vitrine = { ...window.vitrine, viewer: v };
      return v;
    })
    .catch((x) => { viewerLoading = undefined; throw x; });
}

/** A toast with an Undo button that runs `restore`. */
function undo(/** @type {string} */ text, /** @type {() => Promise<void>} */ restore) {
  toast(text, policy.undoFor);
  const button = el('button', 'btn', { type: 'button' }, 'Undo');
  button.onclick = () => { toast('Restoring…'); restore().then(() => toast('Restored'), () => toast('Could not restore')); };
  $('#toast').append(' ', button);
  button.focus();
}

/** The selection bar, loaded with the first selection. */
function selectionBar() {
  if (selecting || !grid.selected) return;
  selecting = import('./ui/selection.js').then((m) => new m.SelectionBar(grid, {
    toast, undo, deleted: (ids) => changes(ids.map((id) => ({ kind: 'delete', id, photo: null }))),
    changed: () => { reopen('requery').catch(() => 0); },
  }), () => { selecting = undefined; });
}

/** The header's count and the empty state. */
function counted() {
  const searched = !!(lib.filter.q || lib.filter.tags.length);
  count.textContent = lib.total < 0 ? '' : searched ? `${lib.total} found` : `${lib.total} photos`;
  const empty = $('#empty');
  empty.hidden = lib.total !== 0;
  empty.textContent = searched ? 'No photos match.' : scope.kind === 'album' ? 'No photos in this album yet.'
    : scope.kind === 'favorites' ? 'No favourites yet.' : 'No photos yet.';
  scrubber?.marks();
}

/**
 * The months of the library again. `filter`: a new filter, shown from the top (tiles of photos that
 * stay are kept). `requery`: the same filter after changes, only the months whose counts changed are
 * forgotten, and the place in time is kept. `reset`: the change feed lost track, everything is read
 * again, keeping the place in time.
 */
async function reopen(/** @type {'filter'|'requery'|'reset'} */ mode, filter = lib.filter) {
  if (mode === 'requery') {
    const shown = lib.filter, t = await getJSON(apiRoot + '/timeline' + filterQuery(shown));
    if (lib.filter !== shown) return;
    const a = grid.anchor();
    lib.reconcile(t);
    grid.rebuild(a);
  } else {
    const a = mode === 'reset' ? grid.anchor() : null;
    if (!(await lib.open(filter))) return;
    if (a) { grid.build(); grid.rekey(); grid.restore(a); grid.update(); } else grid.replace();
  }
  viewer?.remap();
  counted();
}

/** Keeps the place in time in this history entry (Back and reload return to it), a few times a second. */
function keepPlace() {
  if (timers.place || history.state?.photo) return;
  timers.place = setTimeout(() => {
    timers.place = 0;
    if (history.state?.photo || !grid) return;
    const a = grid.anchor();
    if (a) history.replaceState({ ...history.state, at: a }, '');
  }, policy.placeKeep);
}

/**
 * The page keys move the grid (the viewer has its own keys); Ctrl/Cmd+A selects everything and Escape
 * clears the selection, or cancels a viewer still loading.
 */
function keys(/** @type {KeyboardEvent} */ e) {
  if (opening && e.key === 'Escape') {
    opening = null;
    if (history.state?.photo) { ignorePop = true; history.back(); }
    return;
  }
  if ((viewer && viewer.state !== 'closed') || e.altKey || /** @type {Element} */ (e.target).closest?.('input,textarea,[role=dialog],dialog')) return;
  if ((e.ctrlKey || e.metaKey) && e.key === 'a') { e.preventDefault(); grid.apply(grid.session.selectAll()); return; }
  if (e.key === 'Escape' && grid.selected) { grid.apply(grid.session.clearSelection()); return; }
  if (!e.ctrlKey && !e.metaKey && grid.key(e.key)) e.preventDefault();
}

/**
 * Live changes. Unfiltered: each goes where its sort key says, and to the grid's session, which keeps
 * the photo under the header where it is (when months came or went, the grid is laid out again). Filtered: the server decides what matches, so
 * the filter is re-queried (debounced), keeping the place in time.
 */
function changes(/** @type {Change[]} */ batch) {
  if (lib.total < 0) return; // the months are still coming and will include them
  if (lib.filtered) {
    clearTimeout(requery);
    requery = setTimeout(() => reopen('requery').catch(() => 0), policy.requeryPause);
  } else {
    if (!liveRules) { early.push(...batch); loadLive(); return; }
    const a = grid.anchor();
    liveRules.apply(lib, batch, liveRules.engine);
    if (lib.edits) grid.edit(lib.edits); else grid.rebuild(a);
    viewer?.remap();
    counted();
    if (lib.stale) reconcile();
  }
  clearTimeout(timers.tags);
  timers.tags = setTimeout(() => search.loadTags(), policy.tagsPause);
}

/** The live rules (live.wasm and core/changes.js), fetched when the first change arrives: most visits see none. */
function loadLive() {
  liveLoading ??= Promise.all([import('./engine/live-engine.js').then((m) => m.loadLiveEngine()), import('./core/changes.js')]).then(([engine, m]) => {
    liveRules = { engine, apply: m.apply };
    if (early.length) changes(early.splice(0));
  }, () => { liveLoading = undefined; }); // the next change tries again
}

/** The server's month counts where the kept ones may be off (changes to photos that were not loaded). */
async function reconcile() {
  if (reconciling.running) { reconciling.again = true; return; }
  reconciling.running = true;
  await reopen('requery').catch(() => 0); // else the next change tries again
  reconciling.running = false;
  if (reconciling.again) { reconciling.again = false; if (lib.stale) reconcile(); }
}

/** The header's admin button (ui/admin.js); `quiet`: a kept token, checked first. */
function admin(quiet = false) {
  import('./ui/admin.js').then((m) => m.adminMode(adminBtn, quiet, () => { if (viewer?.panel?.open) viewer.panel.load(true); }));
}

function menu(/** @type {number} */ i, /** @type {number} */ x, /** @type {number} */ y, /** @type {Tile} */ tile) {
  const id = lib.item(i)?.id;
  if (!id) return;
  Promise.all([import('./ui/menu.js'), grid.full()]).then(([m]) => {
    const item = lib.item(lib.indexOf(id));
    if (item) m.showMenu({ x, y, item, tile, scroller: grid.scroller, toast,
      open: () => openAt(lib.indexOf(id), true), info: () => { openAt(lib.indexOf(id), true)?.then((v) => v?.toggleInfo(true)); } });
  });
}

/** Opens the viewer on library index `i`; resolves to the viewer once it shows it. */
function openAt(/** @type {number} */ i, /** @type {boolean} */ push) {
  const id = lib.item(i)?.id;
  if (!id) return;
  if (push) history.pushState({ photo: id }, '', photoPath(id));
  opening = id;
  return Promise.all([loadViewer(), grid.full()]).then(([v]) => {
    const k = lib.indexOf(id);
    if (opening === id) { opening = null; if (k >= 0) v.open(k); }
    return v;
  }, () => { opening = null; toast('Could not open the viewer'); return undefined; });
}

/**
 * A deep link: the page around the photo says where it sits in its month, so it is placed there, the
 * grid is moved to it (nothing paged from the start) and the viewer opens on it.
 */
async function openDeep(/** @type {string} */ id) {
  // Keep the grid as the entry below, so Back closes the viewer.
  history.replaceState(null, '', (base || '/') + location.search);
  search.committed = (base || '/') + location.search;
  let i = lib.indexOf(id);
  if (i < 0) {
    let page;
    try {
      page = await getJSON(apiRoot + '/photos' + (filterQuery(lib.filter) || '?') + (lib.filtered ? '&' : '') +
        `around=${encodeURIComponent(id)}&limit=${policy.pageSize}`);
    } catch { toast('This photo is not available'); return; }
    const p = page.position, k = (page.items || []).findIndex((/** @type {Item} */ it) => it.id === id);
    const s = p ? lib.sectionOfMonth(p.year * 100 + p.month) : -1;
    if (s < 0 || k < 0) { toast('This photo is not available'); return; }
    grid.adopt(lib.place(lib.months[s].first + p.offset - k, page.items));
    lib.reindex();
    i = lib.indexOf(id);
    if (i < 0) { toast('This photo is not available'); return; }
  }
  grid.reveal(i);
  openAt(i, true);
}

function toast(/** @type {string} */ text, hold = policy.toastFor) {
  const t = $('#toast');
  t.textContent = text;
  clearTimeout(timers.toast);
  const hide = () => {
    if (t.contains(document.activeElement) || t.matches(':hover')) timers.toast = setTimeout(hide, policy.toastFor);
    else t.textContent = '';
  };
  timers.toast = setTimeout(hide, hold);
}

addEventListener('popstate', (e) => {
  if (!grid) return;
  if (ignorePop) { ignorePop = false; return; }
  const id = e.state?.photo, wasOpen = !!viewer && viewer.state !== 'closed';
  if (!id) opening = null;
  if (id && lib.indexOf(id) >= 0) { if (!wasOpen) openAt(lib.indexOf(id), false); }
  else viewer?.close();
  if (!idFromPath()) {
    search.committed = location.pathname + location.search;
    search.set(readFilter(), 'pop');
    if (e.state?.at && !wasOpen) { grid.restore(e.state.at); grid.update(); }
  }
});

$('#retry').onclick = boot;
// The skip link: past the header's search and tags to the first photo on screen.
$('.skip').onclick = (e) => { e.preventDefault(); grid?.visibleTiles(grid.topBar).next().value?.focus({ preventScroll: true }); };
$('#pill-retry').onclick = () => { pill.hidden = true; grid.retryNow(); };
boot();
