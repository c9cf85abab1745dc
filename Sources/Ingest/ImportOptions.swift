import Imaging

/// How an import runs.
public struct ImportOptions: Sendable {
    /// Files processed at once. Each holds one decoded image (≤ 2048 px on the long edge, or what the
    /// thumb's short edge needs), so memory is bounded by this number, not by input sizes.
    public var concurrency: Int
    public var render: RenderOptions

    public init(concurrency: Int = ImportOptions.defaultConcurrency, render: RenderOptions = RenderOptions()) {
        self.concurrency = max(1, concurrency)
        self.render = render
    }

    public static var defaultConcurrency: Int { max(1, System.coreCount) }
}
