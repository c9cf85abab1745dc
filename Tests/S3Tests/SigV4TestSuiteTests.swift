import Crypto
import Testing
import VitrineCore

@testable import S3

/// AWS's published SigV4 test suite (the `v4/` cases of awslabs/aws-c-auth's aws-signing-test-suite, the
/// 2015 suite the SigV4 documentation publishes): request in, canonical request, string to sign and
/// signature out. Service "service", region us-east-1, 2015-08-30T12:36:00Z, the AKIDEXAMPLE key.
@Suite struct SigV4TestSuiteTests {
    static let time = AmzTime(unixSeconds: 1_440_938_160)
    static let credentials = S3Credentials(
        accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    static let host = Header(name: "Host", value: "example.amazonaws.com")

    struct Vector: Sendable, CustomTestStringConvertible {
        var name: String
        var method = "GET"
        var path = "/"
        var query: [QueryItem] = []
        var headers: [Header] = []
        var signature: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: "get-vanilla", signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "get-vanilla-query-order-key-case",
            query: [QueryItem("Param2", "value2"), QueryItem("Param1", "value1")],
            signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        Vector(
            name: "get-vanilla-empty-query-key", query: [QueryItem("Param1", "value1")],
            signature: "a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb"),
        Vector(
            name: "get-vanilla-utf8-query", query: [QueryItem("ሴ", "bar")],
            signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
        Vector(
            name: "get-vanilla-query-unreserved",
            query: [
                QueryItem(
                    "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                    "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
            ],
            signature: "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197"),
        Vector(
            name: "get-unreserved", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
        Vector(
            name: "get-utf8", path: "/ሴ", signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        Vector(
            name: "get-space-unnormalized", path: "/example space/",
            signature: "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"),
        Vector(
            name: "get-slashes-unnormalized", path: "//example//",
            signature: "87cca117541a147f6df867677d98a7d80dff226d2bfca9e4ffa899665623c7e5"),
        Vector(
            name: "get-header-value-trim",
            headers: [
                Header(name: "My-Header1", value: " value1"), Header(name: "My-Header2", value: " \"a   b   c\""),
            ],
            signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Vector(
            name: "get-header-key-duplicate",
            headers: [
                Header(name: "My-Header1", value: "value2"), Header(name: "My-Header1", value: "value2"),
                Header(name: "My-Header1", value: "value1"),
            ],
            signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
    ]

    static func signer(_ credentials: S3Credentials = credentials) -> SigV4Signer {
        SigV4Signer(credentials: credentials, region: "us-east-1", service: "service")
    }

    @Test(arguments: vectors)
    func signatureMatchesThePublishedOne(_ vector: Vector) {
        let request = SigV4Signer.Request(
            method: vector.method, path: vector.path, query: vector.query, headers: [Self.host] + vector.headers)
        let signed = Self.signer().sign(request, at: Self.time, contentHashHeader: false)
        #expect(signed.signature == vector.signature)
    }

    @Test func getVanillaCanonicalRequestStringToSignAndAuthorization() {
        let signed = Self.signer().sign(
            SigV4Signer.Request(method: "GET", path: "/", headers: [Self.host]), at: Self.time, contentHashHeader: false
        )
        #expect(
            signed.canonicalRequest == """
                GET
                /

                host:example.amazonaws.com
                x-amz-date:20150830T123600Z

                host;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """)
        #expect(
            signed.stringToSign == """
                AWS4-HMAC-SHA256
                20150830T123600Z
                20150830/us-east-1/service/aws4_request
                bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63
                """)
        #expect(
            signed.headers.last
                == Header(
                    name: "authorization",
                    value:
                        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
                ))
    }

    @Test func headerValueTrimCanonicalRequest() {
        let signed = Self.signer().sign(
            SigV4Signer.Request(
                method: "GET", path: "/",
                headers: [
                    Self.host, Header(name: "My-Header1", value: " value1"),
                    Header(name: "My-Header2", value: " \"a   b   c\""),
                ]),
            at: Self.time, contentHashHeader: false)
        #expect(signed.canonicalRequest.contains("my-header1:value1\nmy-header2:\"a b c\"\nx-amz-date:"))
    }

    @Test func sessionTokenIsSignedAndSent() {
        let token = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"
        var credentials = Self.credentials
        credentials.sessionToken = token
        let signed = Self.signer(credentials).sign(
            SigV4Signer.Request(method: "GET", path: "/", headers: [Self.host]), at: Self.time, contentHashHeader: false
        )
        #expect(signed.signature == "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8")
        #expect(signed.headers.contains(Header(name: "x-amz-security-token", value: token)))
    }

    /// post-x-www-form-urlencoded as aws-c-auth signs it: the body hashed into `x-amz-content-sha256`.
    @Test func postFormWithSignedBody() {
        let body = Array("Param1=value1".utf8)
        let signed = Self.signer().sign(
            SigV4Signer.Request(
                method: "POST", path: "/",
                headers: [
                    Header(name: "Content-Type", value: "application/x-www-form-urlencoded"), Self.host,
                    Header(name: "Content-Length", value: "13"),
                ],
                payloadHash: Hex.sha256(body)),
            at: Self.time)
        #expect(Hex.sha256(body) == "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e")
        #expect(signed.signature == "d3875051da38690788ef43de4db0d8f280229d82040bfac253562e56c3f20e0b")
        #expect(
            signed.canonicalRequest.hasSuffix(
                "content-length;content-type;host;x-amz-content-sha256;x-amz-date\n9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e"
            ))
    }

    /// The kSigning of the suite's key and scope, as Python's hmac module derives it.
    @Test func derivedSigningKey() {
        let key = SigV4Signer.signingKey(
            secret: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", dateStamp: "20150830", region: "us-east-1",
            service: "service")
        #expect(
            key.withUnsafeBytes { Hex.encode($0) } == "938127b5336810ddb6a5d6af445fcac9e371f9ed418ed386b022aed82901be75"
        )
    }

    @Test(arguments: [
        (Int64(0), "19700101T000000Z"), (1_440_938_160, "20150830T123600Z"), (951_782_400, "20000229T000000Z"),
        (4_102_444_799, "20991231T235959Z"), (-1, "19691231T235959Z"),
    ])
    func amzDates(_ seconds: Int64, _ text: String) {
        #expect(AmzTime(unixSeconds: seconds).amzDate == text)
    }
}
