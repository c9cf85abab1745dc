import Foundation
import VitrineKit

/// VitrineKit's image pipeline figures, as a markdown table: the memory-cache hit path, and 1 000
/// concurrent requests over 100 URLs against a loopback server.

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}

let server = try await BenchServer(bodySize: 30_000)
let client = VitrineClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
var rows: [(String, String)] = []

// Memory-cache hits: 100 entries, ≥ 1 M lookups per run, median of 7 runs.
do {
    let pipeline = ImagePipeline(configuration: .init(client: client))
    let requests = (0..<100).map { ImageRequest(url: client.url("/hit/\($0).jpg")) }
    for request in requests { _ = try await pipeline.image(for: request) }
    let lookups = 1_000_000
    var perLookup: [Double] = []
    var found = 0
    for _ in 0..<7 {
        let start = ContinuousClock.now
        for index in 0..<lookups where pipeline.cachedImage(for: requests[index % 100]) != nil { found += 1 }
        perLookup.append(seconds(ContinuousClock.now - start) * 1e9 / Double(lookups))
    }
    precondition(found == 7 * lookups, "every lookup should hit")
    rows.append(
        ("memory-cache hit (100 entries, 1 M lookups, median of 7)", String(format: "%.0f ns", median(perLookup))))
}

/// 1 000 concurrent requests over 100 fresh URLs on a cold pipeline; the network requests and the time.
func coalescingRun(
    _ label: String, run: Int, configure: (inout ImagePipeline.Configuration) -> Void
) async throws
    -> (requests: Int, seconds: Double)
{
    var configuration = ImagePipeline.Configuration(client: client)
    configure(&configuration)
    let pipeline = ImagePipeline(configuration: configuration)
    let urls = (0..<100).map { client.url("/\(label)/\(run)/\($0).jpg") }
    server.resetCount()
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<1_000 {
            group.addTask { try await pipeline.image(for: ImageRequest(url: urls[index % 100])).container.data.count }
        }
        for try await size in group { precondition(size == 30_000) }
    }
    return (server.requestCount, seconds(ContinuousClock.now - start))
}

for (label, configure) in [
    ("defaults", { (_: inout ImagePipeline.Configuration) in }),
    ("no-rate-limit", { (configuration: inout ImagePipeline.Configuration) in configuration.rateLimiter = nil }),
] as [(String, (inout ImagePipeline.Configuration) -> Void)] {
    var times: [Double] = []
    var requests: [Int] = []
    for run in 0..<5 {
        let result = try await coalescingRun(label, run: run, configure: configure)
        times.append(result.seconds)
        requests.append(result.requests)
    }
    let detail = label == "defaults" ? "6 downloads at once, 80/s after a burst of 25" : "6 at once, no rate limit"
    rows.append(
        ("1 000 requests / 100 URLs (\(detail)): network requests", requests.map(String.init).joined(separator: ", ")))
    rows.append(
        ("1 000 requests / 100 URLs (\(detail)): time, median of 5", String(format: "%.0f ms", median(times) * 1000)))
}

await server.close()

print("| measure | value |")
print("|---|---|")
for (name, value) in rows { print("| \(name) | \(value) |") }
