import Access
import Catalog
import HTTPParsing
import HTTPTypes
import Hummingbird

/// The share link's small pages of its own, each whole without JavaScript: the password form, the file
/// drop's upload form, and the expired and missing links. Every one is `noindex` and `no-store` (a slug
/// is a credential; search engines and shared caches must keep none), and names nothing of the owner's
/// but the link's title.
enum LinkPages {
    /// What the owner named the link, else a neutral title.
    static func title(_ link: LinkRecord?) -> String {
        guard let link, !link.title.isEmpty else { return "Shared photos" }
        return link.title
    }

    /// The password form; `photo`, a deep link's photo, is where the visitor lands once it is right.
    static func password(_ link: LinkRecord, message: String? = nil, photo: String? = nil) -> String {
        let slug = FirstScreen.attribute(link.slug)
        let next = photo.flatMap { PhotoID.isValid($0) ? "?photo=" + $0 : nil } ?? ""
        return document(
            title(link), slug: link.slug,
            body: """
                <h1>\(html(title(link)))</h1>
                <p>This link needs its password.</p>
                <form method="post" action="/api/v1/links/\(slug)/session\(next)">
                <label>Password <input type="password" name="password" required autofocus \
                autocomplete="current-password" maxlength="\(LinkPassword.maximumBytes)"></label>
                <button type="submit">Open</button>
                </form>
                """ + alert(message))
    }

    /// An upload-only link: a form that posts one file at a time to the link's upload route.
    static func drop(_ link: LinkRecord, message: String? = nil) -> String {
        let slug = FirstScreen.attribute(link.slug)
        let form =
            link.allowsUpload
            ? """
            <p>Drop files here to send them to the owner. Nobody else who has this link sees them.</p>
            <form method="post" action="/api/v1/links/\(slug)/photos" enctype="multipart/form-data">
            <input type="file" name="file" accept="image/*" required>
            <button type="submit">Send</button>
            </form>
            """ : "<p>This link shares nothing to see, and takes no uploads.</p>"
        return document(title(link), slug: link.slug, body: "<h1>\(html(title(link)))</h1>\n" + form + alert(message))
    }

    static let expired = document(
        "Link expired", slug: nil, body: "<h1>This link has expired</h1>\n<p>Ask whoever sent it for a new one.</p>")

    static let missing = document(
        "Link not found", slug: nil,
        body: "<h1>This link does not exist</h1>\n<p>It may have been deleted, or mistyped.</p>")

    /// Which of the link's forms was posted.
    enum Form { case password, upload }

    /// The page for an error a link's form post met: the missing or expired page, else the form again with
    /// the error's message (a visitor without the link's cookie gets the password form).
    static func page(for error: APIError, link: LinkRecord?, form: Form, photo: String? = nil) -> Response {
        var response: Response
        if error.status == .gone {
            response = respond(expired, status: .gone)
        } else if let link, error.status != .notFound {
            let asksPassword = form == .password || error.code == "password_required"
            let message =
                switch error.code {
                case "wrong_password": "That is not this link’s password."
                case "too_many_requests": "Too many attempts. Try again in a minute."
                default: error.message
                }
            let page = asksPassword ? password(link, message: message, photo: photo) : drop(link, message: message)
            response = respond(page, status: error.status)
        } else {
            response = respond(missing, status: .notFound)
        }
        if let retryAfter = error.retryAfter { response.headers[.retryAfter] = String(max(1, retryAfter)) }
        return response
    }

    static func respond(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: headers(cache: "no-store"),
            body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    /// An HTML answer's headers on a link's routes: never indexed.
    static func headers(cache: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = cache
        headers[robotsTag] = "noindex, nofollow"
        return headers
    }

    static let robotsTag = HTTPField.Name("X-Robots-Tag")!

    /// Back to the link's page after a form post, or to the photo a deep link named; `sent` tells a file
    /// drop to thank the visitor.
    static func seeOther(slug: String, sent: Bool = false, photo: String? = nil) -> Response {
        var headers = HTTPFields()
        let deep = photo.flatMap { PhotoID.isValid($0) ? "/p/" + $0 : nil } ?? ""
        headers[.location] = "/s/\(slug)" + deep + (sent ? "?sent=1" : "")
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// A form post (the pages' own forms), answered with pages rather than JSON.
    static func isForm(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
    }

    /// A browser navigating (a form's submission), not a script's request: it asked for HTML.
    static func isNavigation(_ request: Request) -> Bool {
        request.headers[HTTPField.Name("Sec-Fetch-Mode")!] == "navigate"
            || request.headers[.accept]?.contains("text/html") == true
    }

    /// `password=` from a form body of at most 4 KiB; 400 `bad_password` without one.
    static func formPassword(_ request: inout Request) async throws -> String {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 4096)
        } catch {
            throw APIError(.contentTooLarge, code: "too_large", message: "a password form is at most 4 KB")
        }
        guard let password = FormQuery(String(buffer: body))["password"], !password.isEmpty else {
            throw APIError(.badRequest, code: "bad_password", message: "give the password")
        }
        return password
    }

    static func alert(_ message: String?) -> String {
        guard let message else { return "" }
        return "\n<p role=\"alert\" style=\"color:#b00020\">\(html(message))</p>"
    }

    /// Longest description a card carries, in characters: chat apps show two or three lines of it.
    static let cardTextLimit = 300

    /// A description as one line for a card: runs of white space (line breaks too) as one space, and
    /// past `cardTextLimit` characters cut at the last word that fits, with an ellipsis.
    static func cardText(_ text: String) -> String {
        let line = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard line.count > cardTextLimit else { return line }
        let cut = line.prefix(cardTextLimit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }

    /// Text between tags.
    static func html(_ text: String) -> String { FirstScreen.attribute(text) }

    /// A page's shell: the title as the tab's and the chat card's, the link's scope, and no index.
    static func document(_ title: String, slug: String?, body: String) -> String {
        let scope = slug.map { #"<meta name="vitrine-scope" content="link:\#(FirstScreen.attribute($0))">"# } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex, nofollow">
            \(scope)<meta property="og:title" content="\(FirstScreen.attribute(title))">
            <meta property="og:type" content="website">
            <title>\(html(title))</title>
            <link rel="icon" href="data:,">
            </head>
            <body style="font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:12vh auto;padding:0 1rem">
            <main>
            \(body)
            </main>
            </body>
            </html>

            """
    }
}
