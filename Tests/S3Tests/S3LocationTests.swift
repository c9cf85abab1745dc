import Testing

@testable import S3

@Suite struct S3LocationTests {
    @Test func parsesBucketAndPrefix() throws {
        let root = try S3Location(url: "s3://my-photos")
        #expect(root.bucket == "my-photos")
        #expect(root.prefix == "")
        #expect(root.description == "s3://my-photos")
        let nested = try S3Location(url: "s3://my.photos-2/library/blobs/")
        #expect(nested.bucket == "my.photos-2")
        #expect(nested.prefix == "library/blobs")
        #expect(nested.description == "s3://my.photos-2/library/blobs")
    }

    @Test(arguments: [
        "s3://ab", "s3://" + String(repeating: "a", count: 64), "s3://My-Photos", "s3://-photos", "s3://photos-",
        "s3://pho..tos", "s3://192.168.5.4", "s3://pho_tos", "s3://xn--photos", "s3://photos-s3alias", "s3://",
        "https://bucket/x", "s3://pho tos",
    ])
    func refusesBadBuckets(_ url: String) {
        #expect(throws: S3ConfigurationError.self) { try S3Location(url: url) }
    }

    @Test(arguments: [
        "s3://bucket/a//b", "s3://bucket/../x", "s3://bucket/a/../b", "s3://bucket/a/./b", "s3://bucket//a",
        "s3://bucket/a b", "s3://bucket/a%2Fb", "s3://bucket/" + String(repeating: "p", count: 600),
    ])
    func refusesBadPrefixes(_ url: String) {
        #expect(throws: S3ConfigurationError.self) { try S3Location(url: url) }
    }

    @Test func acceptsTheLimits() throws {
        #expect(try S3Location(url: "s3://abc").bucket == "abc")
        let long = String(repeating: "a", count: 63)
        #expect(try S3Location(url: "s3://\(long)").bucket == long)
    }

    @Test func awsEndpointOfTheRegionByDefault() throws {
        let location = try S3Location(url: "s3://photos/p", region: "eu-central-1")
        #expect(location.endpoint.description == "https://s3.eu-central-1.amazonaws.com")
        let target = location.target(objectKey: "p/ab/cd/abcd", query: [])
        #expect(target.url == "https://photos.s3.eu-central-1.amazonaws.com/p/ab/cd/abcd")
        #expect(target.host == "photos.s3.eu-central-1.amazonaws.com")
        #expect(target.path == "/p/ab/cd/abcd")
    }

    @Test func virtualHostedURLs() throws {
        let location = try S3Location(
            url: "s3://photos", endpoint: "https://minio.example.org:9000", region: "us-east-1")
        let object = location.target(objectKey: "ab/cd/ef")
        #expect(object.url == "https://photos.minio.example.org:9000/ab/cd/ef")
        #expect(object.host == "photos.minio.example.org:9000")
        let bucket = location.target(objectKey: nil, query: [QueryItem("max-keys", "5"), QueryItem("list-type", "2")])
        #expect(bucket.url == "https://photos.minio.example.org:9000/?list-type=2&max-keys=5")
        #expect(bucket.path == "/")
    }

    @Test func pathStyleURLs() throws {
        let location = try S3Location(url: "s3://photos/lib", endpoint: "http://127.0.0.1:4566", pathStyle: true)
        let object = location.target(objectKey: "lib/a b/ሴ")
        #expect(object.url == "http://127.0.0.1:4566/photos/lib/a%20b/%E1%88%B4")
        #expect(object.host == "127.0.0.1:4566")
        #expect(object.path == "/photos/lib/a b/ሴ")
        let bucket = location.target(objectKey: nil, query: [QueryItem("delete")])
        #expect(bucket.url == "http://127.0.0.1:4566/photos?delete=")
        #expect(bucket.path == "/photos")
    }

    @Test func defaultPortsAreLeftOutOfTheHost() throws {
        #expect(
            try S3Location(url: "s3://photos", endpoint: "https://s3.example.org:443").target(objectKey: "k").host
                == "photos.s3.example.org")
        #expect(
            try S3Location(url: "s3://photos", endpoint: "http://s3.example.org:80/", pathStyle: true).target(
                objectKey: "k"
            ).url == "http://s3.example.org/photos/k")
    }

    @Test(arguments: [
        "ftp://h", "http://", "http://h/path", "http://user@h", "http://h:0", "http://h:65536", "http://h:x", "h:9000",
    ])
    func refusesBadEndpoints(_ endpoint: String) {
        #expect(throws: S3ConfigurationError.self) { try S3Location(url: "s3://photos", endpoint: endpoint) }
    }

    @Test func refusesBadRegions() {
        #expect(throws: S3ConfigurationError.self) { try S3Location(url: "s3://photos", region: "EU WEST") }
        #expect(throws: S3ConfigurationError.self) { try S3Location(url: "s3://photos", region: "") }
    }
}

@Suite struct S3CredentialsTests {
    @Test func fromTheStandardVariables() throws {
        let credentials = try S3Credentials.fromEnvironment([
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "token",
        ])
        #expect(credentials == S3Credentials(accessKeyId: "AKID", secretAccessKey: "secret", sessionToken: "token"))
        let long = try S3Credentials.fromEnvironment([
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "",
        ])
        #expect(long.sessionToken == nil)
    }

    @Test func missingKeyOrSecretIsRefused() {
        #expect(throws: S3ConfigurationError.missingCredentials) {
            try S3Credentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "AKID"])
        }
        #expect(throws: S3ConfigurationError.missingCredentials) {
            try S3Credentials.fromEnvironment(["AWS_SECRET_ACCESS_KEY": "secret", "AWS_ACCESS_KEY_ID": ""])
        }
    }

    @Test func regionFromAWSRegionThenDefaultRegion() {
        #expect(
            S3Credentials.region(fromEnvironment: ["AWS_REGION": "eu-west-1", "AWS_DEFAULT_REGION": "us-west-2"])
                == "eu-west-1")
        #expect(S3Credentials.region(fromEnvironment: ["AWS_DEFAULT_REGION": "us-west-2"]) == "us-west-2")
        #expect(S3Credentials.region(fromEnvironment: [:]) == nil)
    }

    @Test func descriptionHidesTheSecret() {
        let text = String(
            describing: S3Credentials(accessKeyId: "AKID", secretAccessKey: "s3cr3t", sessionToken: "t0ken"))
        #expect(!text.contains("s3cr3t") && !text.contains("t0ken"))
    }
}
