import ArgumentParser
import Compat
import VitrineServer

/// `serve` options of the Pixabay- and Parse-compatible APIs.
struct CompatOptions: ParsableArguments {
    @Option(
        help:
            "The absolute URL clients reach this server at (e.g. https://photos.example.org); absolute URLs in Pixabay and Parse answers start with it. Default: from each request's Host header."
    )
    var publicUrl: String?

    @Option(help: "The X-Parse-Application-Id Parse clients must send.")
    var parseAppId: String = "vitrine"

    @Option(help: "Requests each API key may make per window.")
    var rateLimit: Int = 100

    @Option(help: "The rate-limit window, in seconds.")
    var rateWindow: Int = 60

    @Option(help: "The owner's name, reported as every photo's Pixabay `user`.")
    var ownerName: String = "vitrine"

    @Option(help: "The owner's Pixabay `user_id`.")
    var ownerId: Int = 1

    @Option(help: "The owner's avatar URL (Pixabay `userImageURL`).")
    var ownerImageUrl: String = ""

    /// Checked before `serve` opens anything, so a typo never starts a server.
    func validate() throws {
        if let publicUrl, CompatConfiguration.validatedPublicURL(publicUrl) == nil {
            throw ValidationError("--public-url must be http(s)://host[:port][/path], without query or fragment")
        }
        guard (1...1_000_000).contains(rateLimit), (1...86_400).contains(rateWindow) else {
            throw ValidationError("--rate-limit must be 1–1000000 and --rate-window 1–86400 seconds")
        }
        guard !parseAppId.isEmpty, parseAppId.count <= 200 else {
            throw ValidationError("--parse-app-id must be 1 to 200 characters")
        }
    }

    func configuration(fallbackAuthority: String) -> CompatConfiguration {
        CompatConfiguration(
            publicURL: publicUrl, fallbackAuthority: fallbackAuthority,
            owner: .init(name: ownerName, id: ownerId, imageURL: ownerImageUrl), parseApplicationId: parseAppId,
            rateLimit: rateLimit, rateWindowSeconds: rateWindow)
    }
}
