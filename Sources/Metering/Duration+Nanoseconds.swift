extension Duration {
    /// Nanoseconds, wrapping instead of trapping (no measured duration comes near the bound).
    package var wholeNanoseconds: Int64 {
        let parts = components
        return parts.seconds &* 1_000_000_000 &+ parts.attoseconds / 1_000_000_000
    }
}
