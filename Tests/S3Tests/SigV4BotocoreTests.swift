import Foundation
import TestSupport
import Testing
import VitrineCore

@testable import S3

/// The same S3 requests signed by Vitrine and by botocore's `S3SigV4Auth` (through Tests/S3Support/
/// s3peer.py `sign`, on the same fixed clock): two independent implementations must agree byte for byte.
@Suite struct SigV4BotocoreTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var method: String
        var path: String
        var query: [QueryItem] = []
        var headers: [Header] = []
        var body: [UInt8] = []
        var unsignedPayload = false
        var sessionToken: String?
        var region = "eu-west-3"
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "get object", method: "GET", path: "/bucket/ab/cd/abcdef"),
        Case(
            name: "ranged get with a session token", method: "GET", path: "/bucket/photos/ab/cd/abcdef",
            headers: [Header(name: "Range", value: "bytes=10-99")], sessionToken: "FQoGZXIvYXdzEXAMPLE+/=token"),
        Case(
            name: "put with content type and cache control", method: "PUT", path: "/bucket/k",
            headers: [
                Header(name: "Content-Type", value: "image/jpeg"),
                Header(name: "Cache-Control", value: "public, max-age=31536000, immutable"),
            ],
            body: Array("some jpeg bytes".utf8)),
        Case(
            name: "streaming put with an unsigned payload", method: "PUT", path: "/bucket/k",
            headers: [Header(name: "Content-Type", value: "application/octet-stream")], body: Array("x".utf8),
            unsignedPayload: true),
        Case(
            name: "list with a prefix, start-after and a token that needs encoding", method: "GET", path: "/bucket",
            query: [
                QueryItem("list-type", "2"), QueryItem("prefix", "photos/2024 summer/"),
                QueryItem("start-after", "photos/ab/cd/ef"),
                QueryItem("continuation-token", "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM="),
                QueryItem("max-keys", "1000"),
            ]),
        Case(name: "create multipart upload", method: "POST", path: "/bucket/k", query: [QueryItem("uploads")]),
        Case(
            name: "upload part", method: "PUT", path: "/bucket/k",
            query: [
                QueryItem("partNumber", "12"),
                QueryItem("uploadId", "VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA"),
            ],
            body: [0, 1, 2, 255]),
        Case(name: "key with spaces, unicode and reserved characters", method: "HEAD", path: "/bucket/a b/ሴ/c+d=e&f:g"),
        Case(
            name: "virtual-hosted root", method: "GET", path: "/", query: [QueryItem("list-type", "2")],
            region: "us-east-1"),
    ]

    @Test(arguments: cases)
    func vitrineSignsAsBotocoreDoes(_ testCase: Case) throws {
        let host = "s3.\(testCase.region).amazonaws.com"
        let credentials = S3Credentials(
            accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            sessionToken: testCase.sessionToken)
        let seconds: Int64 = 1_718_000_123
        let payloadHash = testCase.unsignedPayload ? SigV4Signer.unsignedPayload : Hex.sha256(testCase.body)
        let headers = [Header(name: "Host", value: host)] + testCase.headers
        let signed = SigV4Signer(credentials: credentials, region: testCase.region).sign(
            SigV4Signer.Request(
                method: testCase.method, path: testCase.path, query: testCase.query, headers: headers,
                payloadHash: payloadHash),
            at: AmzTime(unixSeconds: seconds))

        var url = "https://\(host)\(URIEncoding.encode(testCase.path, keepSlash: true))"
        let query = SigV4Signer.canonicalQuery(testCase.query)
        if !query.isEmpty { url += "?" + query }
        var spec: [String: Any] = [
            "method": testCase.method, "url": url, "headers": headers.map { [$0.name, $0.value] },
            "bodyHex": Hex.encode(testCase.body), "accessKeyId": credentials.accessKeyId,
            "secretAccessKey": credentials.secretAccessKey, "region": testCase.region, "unixSeconds": seconds,
            "unsignedPayload": testCase.unsignedPayload,
        ]
        if let token = testCase.sessionToken { spec["sessionToken"] = token }
        let input = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let output = try S3Peer.runHelper(["sign"], stdin: input)
        let reference = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: String])

        #expect(signed.canonicalRequest == reference["canonicalRequest"])
        #expect(signed.headers.first { $0.name == "authorization" }?.value == reference["authorization"])
    }
}
