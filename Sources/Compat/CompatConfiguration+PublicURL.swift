import VitrineServer

extension CompatConfiguration {
    /// The public URL as it will be used (trailing slashes dropped), or nil when it is not an acceptable one.
    public static func validatedPublicURL(_ text: String) -> String? { PublicBase.validated(publicURL: text) }
}
