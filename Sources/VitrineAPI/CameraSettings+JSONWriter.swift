import VitrineCore

extension CameraSettings {
    /// The settings as flat fields of the object being written, in the order and with the keys of
    /// `JSONEncoder` (`CameraSettings.CodingKeys`); an absent one is left out.
    public func writeFields(to writer: inout JSONWriter) {
        writer.field("cameraMake", ifPresent: make)
        writer.field("cameraModel", ifPresent: model)
        writer.field("lens", ifPresent: lens)
        writer.field("exposureTime", ifPresent: exposureTime)
        writer.field("fNumber", ifPresent: fNumber)
        writer.field("iso", ifPresent: iso)
        writer.field("focalLength", ifPresent: focalLength)
    }
}
