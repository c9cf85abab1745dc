import Foundation
import Metering
import TestSupport

extension VitrineMetrics {
    /// A scrape, read strictly.
    func exposition() throws -> PrometheusText {
        try PrometheusText(String(decoding: scrape(), as: UTF8.self))
    }
}
