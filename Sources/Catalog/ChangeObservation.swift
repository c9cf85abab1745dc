/// Keeps a change-feed observation alive; dropping it (or calling `cancel`) stops the callbacks.
public final class ChangeObservation: @unchecked Sendable {
    /// What keeps the implementation's observation running; released with this object.
    private let token: AnyObject?
    private let onCancel: () -> Void

    /// - Parameters:
    ///   - token: kept alive as long as the observation is (an implementation's own handle).
    ///   - onCancel: stops the callbacks; may run more than once.
    public init(token: AnyObject?, onCancel: @escaping () -> Void) {
        self.token = token
        self.onCancel = onCancel
    }

    public func cancel() { onCancel() }
}
