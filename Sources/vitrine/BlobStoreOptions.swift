import ArgumentParser
import Foundation
import VitrineApp

/// Where a library's blobs live: the data folder's `blobs/` (the default) or an S3 bucket.
struct BlobStoreOptions: ParsableArguments {
    @Option(
        help: """
            Keep the blobs (originals and variants) in an S3 bucket, under PREFIX/ab/cd/<sha256>: \
            s3://BUCKET[/PREFIX]. Credentials come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and \
            AWS_SESSION_TOKEN. Default: blobs/ in the data folder.
            """)
    var blobs: String?

    @OptionGroup var s3: S3Options

    /// Checked before anything is opened, so a typo or missing credentials never start a command.
    func validate() throws {
        if blobs == nil, let flag = s3.givenFlag {
            throw ValidationError("\(flag) needs --blobs s3://BUCKET[/PREFIX]")
        }
        _ = try location
    }

    var location: BlobLocation {
        get throws {
            guard let blobs else { return .dataDirectory }
            return try s3.location(url: blobs, flag: "--blobs")
        }
    }
}

/// How to reach an S3 bucket: `--s3-endpoint`, `--s3-region`, `--s3-path-style`.
struct S3Options: ParsableArguments {
    @Option(help: "The S3 endpoint, http(s)://HOST[:PORT], for stores other than AWS (MinIO, Garage, R2…).")
    var s3Endpoint: String?

    @Option(help: "The bucket's region. Default: AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1.")
    var s3Region: String?

    @Flag(help: "Address the bucket as ENDPOINT/BUCKET (path style) instead of BUCKET.ENDPOINT.")
    var s3PathStyle = false

    /// The first S3 option given, to refuse it without a bucket.
    var givenFlag: String? {
        if s3Endpoint != nil { return "--s3-endpoint" }
        if s3Region != nil { return "--s3-region" }
        return s3PathStyle ? "--s3-path-style" : nil
    }

    /// The bucket `url` names, reached as these options say, with credentials from the environment.
    func location(url: String, flag: String) throws -> BlobLocation {
        do {
            return try BlobLocation.s3(
                url: url, endpoint: s3Endpoint, region: s3Region, pathStyle: s3PathStyle,
                environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("\(flag): \(error)")
        }
    }
}
