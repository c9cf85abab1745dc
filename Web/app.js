// Vitrine web client: boot, routing, offline screen, paging status, search, live refresh.
// The tile menu, the info panel, the tag sheet and admin mode are modules loaded on first use.
import { loadEngine } from './engine.js';
import { Store, getJSON, token } from './api.js';
import { Grid } from './grid.js';
import { Viewer } from './viewer.js';
import { Search, readFilter } from './search.js';

const $ = (s) => document.querySelector(s);
const store = new Store(readFilter());
const offline = $('#offline'), pill = $('#pill'), toggle = $('#layout'), count = $('#count'), adminBtn = $('#admin');
const idFromPath = () => { const m = /^\/p\/([^/]+)$/.exec(location.pathname); return m ? decodeURIComponent(m[1]) : null; };
let grid, viewer, engine, search, uploads, ignorePop = false, requery = 0;

async function boot() {
  offline.hidden = true;
  document.body.classList.add('loading');
  const deep = idFromPath();
  try {
    const loading = engine || loadEngine();
    // The server's tiles paint first: the boot (about 100 ms of main thread on a slow machine) would
    // hold back the frames that show their thumbnails. Not for a deep link: its viewer comes first.
    const ssr = [...document.querySelectorAll('.ssr img')];
    if (!engine && ssr.length && !deep) {
      await arrival(ssr, 300);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))); // after that frame
    }
    // The engine and the first page load side by side: neither needs the other.
    [engine] = await Promise.all([loading, store.items.length ? null : store.more()]);
  } catch (e) {
    if (e.status === 401) {
      // A private server: sign in (the session cookie then authorises images and the feed).
      await (await import('./admin.js')).unlock();
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
  // Lay out now rather than on the next frame, so the first screen's images exist to wait for.
  grid.update();
  // Reveal when the visible thumbnails arrived, or after a time limit. Not after decode(): that
  // decodes at full size, where drawing decodes straight to the tile's scale, in the raster tasks.
  // At once when the grid adopted the server's tiles: they were on screen already.
  if (!grid.adopted) await arrival(grid.visibleImages());
  document.body.classList.remove('loading');
  if (deep) openDeep(deep);
  if (!first) return;
  // What the first screen does not need waits until its thumbnails arrived: the rest of the grid's
  // prefetch window, then, once the browser is idle, the change feed, the tag bar, and a kept admin
  // token (a synchronous storage read).
  await arrival(grid.visibleImages());
  grid.release();
  await new Promise((r) => (globalThis.requestIdleCallback ? requestIdleCallback(r, { timeout: 300 }) : setTimeout(r, 50)));
  import('./live.js').then((m) => m.live(changes, () => store.replace(store.filter, true).catch(() => 0), store.since));
  search.loadTags();
  if (token()) admin(null, true);
}

/** Resolves when these images have loaded or failed, or after `limit` ms. */
function arrival(imgs, limit = 600) {
  const loading = imgs.filter((i) => !i.complete);
  return Promise.race([
    Promise.all(loading.map((i) => new Promise((r) => { i.addEventListener('load', r); i.addEventListener('error', r); }))),
    new Promise((r) => setTimeout(r, limit)),
  ]);
}

function start() {
  grid = new Grid(engine, store, $('[data-grid]'), (i) => openAt(i, true), menu);
  viewer = new Viewer(engine, store, grid, {
    requestClose() {
      viewer.close();
      if (history.state?.photo) { ignorePop = true; history.back(); }
    },
    changed(id) { history.replaceState({ photo: id }, '', '/p/' + encodeURIComponent(id)); },
    tag(name) { viewer.close(); search.set({ q: '', tags: [name] }, 'commit'); },
    deleted(id) { changes([{ kind: 'delete', id, photo: null, total: Math.max(0, store.total - 1) }]); },
  });
  document.body.append(viewer.root);
  search = new Search(store, (f) => store.replace(f).catch((e) => toast(`Search failed: ${e.message}`)));
  store.on((kind, s, old) => {
    if (kind === 'append') grid.sync();
    if (old) { grid.applyDiff(old, store.anchored ? 'anchor' : 'top'); viewer.remap(old); }
    count.textContent = store.total < 0 ? '' : store.filtered ? `${store.total} found` : `${store.total} photos`;
    const empty = $('#empty');
    empty.hidden = store.total !== 0;
    empty.textContent = store.filtered ? 'No photos match.' : 'No photos yet.';
    pill.hidden = kind !== 'error' && !(kind === 'loading' && store.failures);
    if (kind === 'error') {
      $('#pill-text').textContent = `Couldn't load more photos. Retrying in ${Math.round((store.retryAt - Date.now()) / 1000)} s`;
    }
    document.body.dataset.paging = store.done ? 'done' : kind;
  });
  store.emit('append');
  const setToggle = () => {
    const j = grid.style === 'justified';
    toggle.setAttribute('aria-pressed', String(j));
    toggle.textContent = j ? 'Justified' : 'Grid';
    document.body.dataset.layout = grid.style;
  };
  setToggle();
  toggle.onclick = () => { grid.setStyle(grid.style === 'grid' ? 'justified' : 'grid'); setToggle(); };
  adminBtn.onclick = admin;
  if (new URLSearchParams(location.search).has('debug')) import('./debug.js').then((m) => m.debug(viewer, engine));
  window.vitrine = { store, grid, viewer, search }; // for tests and the console
}

/**
 * Live changes. Unfiltered: each goes where its sort key says (within the loaded range) and the
 * grid moves by the engine's diff, keeping the photo under the header in place. Filtered: the
 * server decides what matches, so the filter is re-queried (debounced) and diffed the same way.
 */
function changes(batch) {
  if (store.total < 0) return; // the first page is still coming and will include them
  if (store.filtered) {
    clearTimeout(requery);
    requery = setTimeout(() => store.replace(store.filter, true).catch(() => 0), 300);
  } else {
    const old = store.items.slice();
    for (const m of batch) store.apply(m);
    store.reindex();
    store.anchored = true;
    store.emit('change', old);
  }
  clearTimeout(changes.tags);
  changes.tags = setTimeout(() => search.loadTags(), 1000);
}

/** The header's admin button: "Sign in", then "Upload". `quiet`: a kept token, checked first. */
async function admin(_, quiet) {
  const m = await import('./admin.js');
  if (quiet) {
    const s = await getJSON('/api/v1/session', { headers: { authorization: 'Bearer ' + token() } }).catch(() => null);
    if (s && !s.admin) localStorage.removeItem('vitrine.token'); // rotated since
    if (!s?.admin) return;
  } else if (!uploads && !(await m.signIn(false))) return;
  if (!uploads) {
    uploads = new m.Uploads();
    adminBtn.textContent = 'Upload';
    document.body.classList.add('admin');
    if (viewer.panel?.open) viewer.panel.load(true); // now with the editor
    if (quiet) return;
  }
  uploads.show();
}

function menu(i, x, y, tile) {
  const item = store.items[i];
  import('./menu.js').then((m) => m.showMenu({
    x, y, item, tile, scroller: grid.scroller,
    open: () => openAt(store.ids.get(item.id), true),
    info: () => { openAt(store.ids.get(item.id), true); viewer.toggleInfo(true); },
    toast,
  }));
}

function openAt(i, push) {
  const id = store.items[i]?.id;
  if (!id) return;
  if (push) history.pushState({ photo: id }, '', '/p/' + encodeURIComponent(id));
  viewer.open(i);
}

async function openDeep(id) {
  // Keep the grid as the entry below, so Back closes the viewer.
  history.replaceState(null, '', '/' + location.search);
  search.committed = '/' + location.search;
  const i = await store.find(id);
  if (i < 0) {
    try { await getJSON('/api/v1/photos/' + encodeURIComponent(id)); } catch (e) { showPill(e.message || 'Photo not found'); return; }
    showPill('Photo not found in the catalog');
    return;
  }
  openAt(i, true);
}

function showPill(text) {
  $('#pill-text').textContent = text;
  pill.hidden = false;
}

function toast(text) {
  const t = $('#toast');
  t.textContent = text;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.textContent = ''; }, 2500);
}

addEventListener('popstate', (e) => {
  if (!viewer) return;
  if (ignorePop) { ignorePop = false; return; }
  const id = e.state?.photo;
  if (id && store.ids.has(id)) { if (viewer.state === 'closed') viewer.open(store.ids.get(id)); }
  else viewer.close();
  if (!idFromPath()) {
    search.committed = location.pathname + location.search;
    search.set(readFilter(), 'pop');
  }
});

$('#retry').onclick = boot;
$('#pill-retry').onclick = () => { pill.hidden = true; store.retryNow(); };
boot();
