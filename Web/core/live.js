// Live refresh: the server's change feed (Server-Sent Events), batched per frame.
// EventSource resumes with Last-Event-ID by itself after a dropped connection; when it gives up
// (an HTTP error, a server gone for good) we open a new one with ?since= after the engine's delay.
import { policy } from './policy.js';

/**
 * @param {(changes: Change[]) => void} onChanges a batch of `change` messages, in order
 * @param {() => void} onReset the server no longer has what we missed: reload the list
 * @param {string} since the feed position the list was read at: what changed after it comes first
 * @param {(failures: number) => number} retryDelay ms before reconnecting after that many failures in a row, −1: never
 */
export function live(onChanges, onReset, since, retryDelay) {
  let es = /** @type {EventSource|null} */ (null), last = since, failures = 0, timer = 0, /** @type {Change[]} */ queue = [], raf = 0;
  const flush = () => { raf = 0; const q = queue; queue = []; if (q.length) onChanges(q); };
  const connect = () => {
    timer = 0;
    es = new EventSource('/api/v1/events' + (last ? '?since=' + encodeURIComponent(last) : ''));
    const seen = (/** @type {MessageEvent} */ e) => { if (e.lastEventId) last = e.lastEventId; failures = 0; };
    const source = es;
    es.addEventListener('ready', seen);
    es.addEventListener('change', (e) => {
      seen(e);
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      if (m.kind === 'album') return; // an album's change names the album; the library follows its photos
      queue.push(m);
      // Hidden tabs get no animation frames; a timer still delivers.
      if (!raf) raf = document.hidden ? setTimeout(flush, policy.hiddenFlush) : requestAnimationFrame(flush);
    });
    es.addEventListener('reset', (e) => { seen(e); queue = []; onReset(); });
    es.onopen = () => { document.body.dataset.live = 'open'; };
    es.onerror = () => {
      document.body.dataset.live = 'down';
      const delay = source.readyState === EventSource.CLOSED && !timer ? retryDelay(++failures) : -1;
      if (delay >= 0) timer = setTimeout(connect, delay);
    };
  };
  connect();
  return { close() { clearTimeout(timer); es?.close(); }, get source() { return es; } };
}
