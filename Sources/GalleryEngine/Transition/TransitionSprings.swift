/// The springs of the viewer's flight between a tile and the screen. Opening is a little livelier; closing
/// settles onto the tile with hardly any overshoot, and a flick's speed carries into it.
public struct TransitionSprings: Equatable, Sendable {
    /// Seconds to settle (a spring's response) and damping ratio (1: no overshoot) of the opening flight.
    public var openResponse = 0.4
    public var openDamping = 0.8
    /// The same for the closing flight, back onto the tile.
    public var closeResponse = 0.35
    public var closeDamping = 0.9
    /// When the flight's progress (0 to 1) counts as landed: within this distance of its target and slower
    /// than this per second, well under a pixel of any flight.
    public var restDistance = 0.001
    public var restSpeed = 0.01

    public init() {}

    /// The value numbered `key` (the wasm export's numbering), or nil.
    public func value(_ key: Int) -> Double? {
        switch key {
        case 1: return openResponse
        case 2: return openDamping
        case 3: return closeResponse
        case 4: return closeDamping
        case 5: return restDistance
        case 6: return restSpeed
        default: return nil
        }
    }
}
