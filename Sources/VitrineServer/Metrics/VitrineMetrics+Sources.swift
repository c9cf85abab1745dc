import Metering
import Scheduling

extension VitrineMetrics {
    /// Gauges over one router's shared resources, read at each scrape: open event streams, the sized-render
    /// queue and the blocking pool.
    func observe(_ resources: ServerResources) {
        let streams = resources.eventStreams
        let renders = resources.renders
        let blocking = resources.blocking
        sample(Names.eventStreams) { Double(streams.openCount) }
        sample(Names.renderQueue) { Double(renders.waiting) }
        sample(Names.rendersRunning) { Double(renders.running) }
        sample(Names.blockingQueue) { Double(blocking.waiting) }
        sample(Names.blockingRunning) { Double(blocking.running) }
    }
}
