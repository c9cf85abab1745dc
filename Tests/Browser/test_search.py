"""Search field, tag bar and the "All tags" sheet."""
import json
import urllib.parse
import urllib.request

from conftest import T, DEMO_TOTAL, wait_grid, shot
from photos import api

TILE_IDS = "[...document.querySelectorAll('[data-grid] [data-photo-id]')].map(t => t.dataset.photoId)"


def _ids(server, **params):
    q = urllib.parse.urlencode(params, doseq=True)
    with urllib.request.urlopen(f"{server}/api/v1/photos?limit=200&{q}", timeout=10) as r:
        return [i["id"] for i in json.loads(r.read())["items"]]


def _wait_tiles(page, ids):
    page.wait_for_function(
        f"ids => {{ const t = {TILE_IDS}; return t.length === ids.length && ids.every(i => t.includes(i)); }}",
        arg=ids, timeout=T)


def test_typing_filters_and_updates_the_url(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    start = desktop.evaluate("history.length")
    expected = _ids(server, q="5120")
    assert 0 < len(expected) < DEMO_TOTAL
    # Remember the DOM node of a photo that stays, and watch for tiles fading out.
    keep = expected[0]
    desktop.evaluate("""id => {
        window.__kept = document.querySelector(`[data-grid] [data-photo-id="${id}"]`);
        window.__ghosts = 0; window.__requests = [];
        new MutationObserver(ms => { for (const m of ms) if (m.target.classList?.contains('ghost')) window.__ghosts++; })
          .observe(document.querySelector('[data-grid]'), { subtree: true, attributes: true, attributeFilter: ['class'] });
    }""", keep)
    desktop.on("request", lambda r: "/api/v1/timeline?" in r.url and desktop.evaluate("u => window.__requests.push(u)", r.url))
    desktop.keyboard.press("/")  # the shortcut to the field
    assert desktop.evaluate("document.activeElement.id") == "search"
    desktop.keyboard.type("5120", delay=40)  # faster than the debounce: one re-query (its months), not four
    desktop.wait_for_function("location.search === '?q=5120'", timeout=T)
    _wait_tiles(desktop, expected)
    assert desktop.evaluate("history.length") == start, "typing replaces the history entry"
    assert desktop.evaluate("document.querySelector(`[data-grid] [data-photo-id='%s']`) === window.__kept" % keep), \
        "a photo that stays keeps its tile (a diff, not a reset)"
    assert desktop.evaluate("window.__ghosts") > 0, "removed tiles fade out"
    assert desktop.evaluate("window.__requests.filter(u => u.includes('q=')).length") == 1
    assert desktop.inner_text("#count") == f"{len(expected)} found"
    desktop.wait_for_timeout(500)
    shot(desktop, "desktop-search")
    desktop.keyboard.press("Enter")  # commit: a new history entry
    desktop.wait_for_function(f"history.length === {start + 1}", timeout=T)
    desktop.go_back()
    desktop.wait_for_function("location.search === ''", timeout=T)
    desktop.wait_for_function(f"window.vitrine.lib.total === {DEMO_TOTAL}", timeout=T)
    assert desktop.input_value("#search") == ""
    desktop.go_forward()
    _wait_tiles(desktop, expected)
    assert desktop.input_value("#search") == "5120"
    # A reload (or a shared link) shows the same.
    desktop.reload()
    wait_grid(desktop)
    _wait_tiles(desktop, expected)
    assert desktop.input_value("#search") == "5120"


def test_no_match_is_an_empty_grid_not_an_error(phone, server):
    phone.goto(server + "/?q=zzqqxx")
    phone.wait_for_selector("#empty:not([hidden])", timeout=T)
    assert phone.inner_text("#empty") == "No photos match."
    assert phone.evaluate(TILE_IDS) == []
    assert phone.locator("#offline").is_hidden()


def test_tag_bar_and_sheet_combine_tags(phone, writable):
    # Give a few photos shared tags, so that two tags select fewer than one does.
    items = _ids(writable.url)
    beach, sunset = items[2:6], items[3:5]
    for pid in beach:
        tags = ["beach"] + (["sunset"] if pid in sunset else [])
        assert api(writable.url, "PATCH", f"/api/v1/photos/{pid}", writable.token, {"tags": tags})[0] == 200
    phone.goto(writable.url + "/")
    wait_grid(phone)
    # The bar shows the most used tags first.
    phone.wait_for_selector("#tagbar .chip[data-tag=beach]", timeout=T)
    assert phone.evaluate("[...document.querySelectorAll('#tagbar .chip[data-tag]')].map(c => c.dataset.tag).slice(0, 2)") == ["beach", "sunset"]
    phone.click("#tagbar .chip.all")
    sheet = phone.locator("dialog.tagsheet")
    sheet.wait_for(state="visible", timeout=T)
    tags = json.loads(urllib.request.urlopen(writable.url + "/api/v1/tags").read())["tags"]
    rows = phone.evaluate("[...document.querySelectorAll('.tagsheet .tagrow')].map(b => [b.dataset.tag, +b.querySelector('.n').textContent])")
    assert rows == [[t["name"], t["count"]] for t in tags]
    shot(phone, "phone-tag-sheet")
    phone.click(".tagsheet .tagrow[data-tag=beach]")
    phone.wait_for_function("location.search === '?tag=beach'", timeout=T)
    _wait_tiles(phone, beach)
    assert phone.get_attribute(".tagsheet .tagrow[data-tag=beach]", "aria-pressed") == "true"
    # Finding a tag in a long list.
    phone.fill(".tagsheet input[type=search]", "suns")
    assert phone.evaluate("[...document.querySelectorAll('.tagsheet .tagrow')].map(b => b.dataset.tag)") == ["sunset"]
    phone.click(".tagsheet .tagrow[data-tag=sunset]")
    phone.wait_for_function("location.search === '?tag=beach&tag=sunset'", timeout=T)
    _wait_tiles(phone, sunset)
    phone.keyboard.press("Escape")
    sheet.wait_for(state="hidden", timeout=T)
    assert phone.get_attribute("#tagbar .chip[data-tag=sunset]", "aria-pressed") == "true"
    phone.wait_for_timeout(400)
    shot(phone, "phone-tags-selected")
    # A chip toggles off; Back brings it back.
    phone.click("#tagbar .chip[data-tag=sunset]")
    phone.wait_for_function("location.search === '?tag=beach'", timeout=T)
    _wait_tiles(phone, beach)
    phone.go_back()
    phone.wait_for_function("location.search === '?tag=beach&tag=sunset'", timeout=T)
    _wait_tiles(phone, sunset)


# Tile elements in the grid that are not the grid's own (a filter's tiles left behind).
STRAYS = """(() => { const own = new Set(vitrine.grid.tiles.values());
  return [...document.querySelectorAll('[data-grid] .tile')].filter((t) => !own.has(t)).length; })()"""


def _search(page, text):
    page.fill("#search", text)
    page.wait_for_function("q => new URLSearchParams(location.search).get('q') === (q || null)", arg=text, timeout=T)


def test_a_search_that_finds_nothing_leaves_no_tile_behind(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    _search(desktop, "zzzz-no-such-photo")
    desktop.wait_for_selector("#empty:not([hidden])", timeout=T)
    assert desktop.inner_text("#empty") == "No photos match."
    # The old grid goes with the answer (a fade of 0.3 s at most), not seconds later.
    desktop.wait_for_function("document.querySelectorAll('[data-grid] .tile').length === 0", timeout=800)


def test_a_search_cleared_at_once_leaves_no_tile_behind(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    _search(desktop, "zzzz-no-such-photo")
    desktop.wait_for_function("vitrine.lib.total === 0", timeout=T)
    _search(desktop, "")
    desktop.wait_for_function(f"vitrine.lib.total === {DEMO_TOTAL}", timeout=T)
    wait_grid(desktop)
    desktop.wait_for_timeout(2500)  # past the fade of the tiles that leave
    assert desktop.evaluate(STRAYS) == 0
    ids = desktop.evaluate(TILE_IDS)
    assert len(ids) == len(set(ids)), "one tile per photo"


def test_a_failed_search_puts_the_shown_filter_back(desktop, writable):
    pid = _ids(writable.url)[20]
    assert api(writable.url, "PATCH", f"/api/v1/photos/{pid}", writable.token, {"tags": ["harbour"]})[0] == 200
    desktop.goto(writable.url + "/?tag=harbour")
    wait_grid(desktop)
    desktop.route("**/api/v1/timeline*", lambda r: r.abort())
    failed = "document.querySelector('#toast').textContent.startsWith('Search failed')"
    desktop.fill("#search", "5120")
    desktop.keyboard.press("Enter")
    desktop.wait_for_function(failed, timeout=T)
    # The field, the address and the chips say what the grid still shows.
    desktop.wait_for_function("location.search === '?tag=harbour'", timeout=T)
    assert desktop.input_value("#search") == "" and desktop.evaluate("window.vitrine.lib.filter.q") == ""
    desktop.evaluate("document.querySelector('#toast').textContent = ''")
    desktop.click("#tagbar .chip[data-tag=harbour]")
    desktop.wait_for_function(failed, timeout=T)
    desktop.wait_for_function("location.search === '?tag=harbour'", timeout=T)
    assert desktop.get_attribute("#tagbar .chip[data-tag=harbour]", "aria-pressed") == "true"
    assert desktop.evaluate("window.vitrine.search.filter.tags.join() === window.vitrine.lib.filter.tags.join()")
