import TestSupport
import Testing

@testable import Metering

/// What `/metrics` prints is strict Prometheus text, and the tests' reader refuses what a scraper would.
@Suite struct ExpositionTests {
    @Test func aScrapeIsStrictPrometheusTextWithItsFamiliesDescribed() throws {
        let metrics = VitrineMetrics()
        metrics.recordRequest(RequestKey(route: "/healthz", method: "GET", status: 200), nanoseconds: 1_000)
        let text = try metrics.exposition()
        for name in [Names.requests, Names.requestDuration, Names.requestsInFlight, Names.residentMemory] {
            let family = try #require(text.families[name], "\(name)")
            #expect(family.help == Names.help[name], "\(name)")
        }
        #expect(text.families[Names.requestDuration]?.type == "histogram")
        #expect(text.value(Names.requests, ["route": "/healthz", "method": "GET", "status": "200"]) == 1)
    }

    @Test func theParserRefusesWhatAScraperWould() {
        let good = "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\"} 2\n"
        #expect(throws: Never.self) { try PrometheusText(good) }
        for bad in [
            "a_total 1\n",  // no TYPE
            "# TYPE a_total counter\na_total{x=\"1} 2\n",  // unterminated value
            "# TYPE a_total counter\na_total{x=\"1\",x=\"2\"} 2\n",  // repeated label
            "# TYPE a_total counter\na_total two\n",  // not a number
            "# TYPE a_total counter\n# TYPE a_total counter\na_total 1\n",  // second TYPE
            "# TYPE a_total counter\n# TYPE b gauge\na_total 1\nb 1\na_total 2\n",  // not contiguous
            "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",  // falling
            "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",  // no +Inf
        ] {
            #expect(throws: PrometheusText.Malformed.self, "\(bad)") { try PrometheusText(bad) }
        }
    }
}
