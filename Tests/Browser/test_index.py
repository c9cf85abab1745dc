"""The index page as a visitor gets it: no developer comments from its template, and a page that boots
whatever its address."""
import urllib.request


def test_the_index_page_carries_no_developer_comments(server):
    for path in ("/", "/?q=kite"):
        with urllib.request.urlopen(server + path, timeout=10) as r:
            html = r.read().decode()
        assert "<!--" not in html, path
        assert "{{" not in html, path


def test_a_malformed_address_still_boots_the_page(desktop, server):
    """A path segment that is not valid percent-encoding names nothing, and the page says so rather than
    stopping at a script error (the fixture fails on any page error)."""
    desktop.goto(server + "/a/%E0")
    desktop.wait_for_function("!document.body.classList.contains('loading')")
    shown = desktop.evaluate("""() => [...document.querySelectorAll('#offline, #empty')]
        .filter((e) => !e.hidden).map((e) => e.id)""")
    assert shown, "an offline or empty notice"
