"""The index page as a visitor gets it: no developer comments from its template."""
import urllib.request


def test_the_index_page_carries_no_developer_comments(server):
    for path in ("/", "/?q=kite"):
        with urllib.request.urlopen(server + path, timeout=10) as r:
            html = r.read().decode()
        assert "<!--" not in html, path
        assert "{{" not in html, path
