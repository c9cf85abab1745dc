import Hummingbird
import Testing

@testable import Compat
@testable import VitrineServer

/// Absolute URLs: a configured public URL, else a strictly checked `Host`, else the listening address.
@Suite struct PublicBaseTests {
    func request(authority: String?) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/api/"),
            body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func hostHeaderIsUsedOnlyWhenItIsAPlainAuthority() {
        let base = PublicBase(configuration: CompatConfiguration(fallbackAuthority: "127.0.0.1:8080"))
        for good in ["gallery.local", "gallery.local:8443", "192.168.1.20:8080", "[::1]:80", "[fe80::1]", "a-b.c"] {
            #expect(base.resolve(request(authority: good)) == "http://\(good)", "\(good)")
        }
        for bad in [
            nil, "", "evil.com/x", "a@b.com", "x y", "host:99999", "host:", "-bad.com", "bad-.com", "\"q\"",
            "a..b", "[::1", "[zz]", "host:80:80", "exa\u{301}mple.com",
        ] {
            #expect(base.resolve(request(authority: bad)) == "http://127.0.0.1:8080", "\(bad ?? "nil")")
        }
    }

    @Test func configuredPublicURLWins() {
        let base = PublicBase(configuration: CompatConfiguration(publicURL: "https://photos.example.org/g/"))
        #expect(base.resolve(request(authority: "evil.example")) == "https://photos.example.org/g")
        #expect(PublicBase.validated(publicURL: "https://x.org/a/") == "https://x.org/a")
        #expect(PublicBase.validated(publicURL: "HTTP://x.org:8080") == "HTTP://x.org:8080")
        for bad in ["ftp://x.org", "https://x.org/?q=1", "https://x.org/#f", "https://user@x.org", "https://", "x.org"]
        {
            #expect(PublicBase.validated(publicURL: bad) == nil, "\(bad)")
        }
    }
}
