import S3

extension BlobLocation {
    /// The bucket `url` (`s3://BUCKET[/PREFIX]`) names, with credentials from the standard `AWS_*` variables of
    /// `environment`: what `--blobs` and `blobs migrate --to` take. `endpoint` nil means AWS's regional
    /// endpoint; `region` nil means `AWS_REGION`, else `AWS_DEFAULT_REGION`, else us-east-1.
    ///
    /// Throws `S3ConfigurationError` (its description says what is wrong) for a malformed URL, endpoint or
    /// region, or when the credentials are missing, so a typo is refused before anything is opened.
    public static func s3(
        url: String, endpoint: String?, region: String?, pathStyle: Bool, environment: [String: String]
    ) throws -> BlobLocation {
        let region = region ?? S3Credentials.region(fromEnvironment: environment) ?? S3Location.defaultRegion
        let location = try S3Location(url: url, endpoint: endpoint, region: region, pathStyle: pathStyle)
        return .s3(location, credentials: try S3Credentials.fromEnvironment(environment))
    }

}
