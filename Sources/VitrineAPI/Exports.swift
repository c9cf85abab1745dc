/// The wire types are written in the core's vocabulary (months, instants, content addresses), and clients
/// that import only `VitrineAPI` read and write those values too.
@_exported import VitrineCore
