// Vitrine web client: boot, routing, offline screen, paging status.
import { loadEngine } from './engine.js';
import { Store, getJSON } from './api.js';
import { Grid } from './grid.js';
import { Viewer } from './viewer.js';

const $ = (s) => document.querySelector(s);
const store = new Store();
const offline = $('#offline'), pill = $('#pill'), toggle = $('#layout'), count = $('#count');
const idFromPath = () => { const m = /^\/p\/([^/]+)$/.exec(location.pathname); return m ? decodeURIComponent(m[1]) : null; };
let grid, viewer, engine, ignorePop = false;

async function boot() {
  offline.hidden = true;
  document.body.classList.add('loading');
  const deep = idFromPath();
  try {
    // The engine and the first page load side by side: neither needs the other.
    [engine] = await Promise.all([engine || loadEngine(), store.items.length ? null : store.more()]);
  } catch (e) {
    document.body.classList.remove('loading');
    $('#offline-detail').textContent = e.status ? `The server answered: ${e.message}` : 'Check your connection and try again.';
    offline.hidden = false;
    $('#retry').focus();
    return;
  }
  if (!grid) start();
  // Lay out now rather than on the next frame, so the first screen's images exist to wait for.
  grid.update();
  // First screen: reveal when the visible thumbnails decoded, or after a time limit.
  const imgs = [...document.querySelectorAll('.tile img')].slice(0, 24);
  await Promise.race([
    Promise.allSettled(imgs.map((i) => i.decode())),
    new Promise((r) => setTimeout(r, 600)),
  ]);
  document.body.classList.remove('loading');
  if (deep) openDeep(deep);
}

function start() {
  grid = new Grid(engine, store, $('[data-grid]'), (i) => openAt(i, true));
  viewer = new Viewer(engine, store, grid, {
    requestClose() {
      viewer.close();
      if (history.state?.photo) { ignorePop = true; history.back(); }
    },
    changed(id) { history.replaceState({ photo: id }, '', '/p/' + encodeURIComponent(id)); },
  });
  document.body.append(viewer.root);
  store.on((kind) => {
    if (kind === 'append') grid.sync();
    count.textContent = store.total >= 0 ? `${store.total} photos` : '';
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
  if (new URLSearchParams(location.search).has('debug')) import('./debug.js').then((m) => m.debug(viewer, engine));
  window.vitrine = { store, grid, viewer }; // for tests and the console
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

addEventListener('popstate', (e) => {
  if (!viewer) return;
  if (ignorePop) { ignorePop = false; return; }
  const id = e.state?.photo;
  if (id && store.ids.has(id)) { if (viewer.state === 'closed') viewer.open(store.ids.get(id)); }
  else viewer.close();
});

$('#retry').onclick = boot;
$('#pill-retry').onclick = () => { pill.hidden = true; store.retryNow(); };
boot();
