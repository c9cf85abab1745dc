/// Views (the viewer opened a photo) and downloads (its original fetched to keep), which the Pixabay API
/// reports and `order=popular` sorts by.
public enum PhotoCounter: String, Sendable, CaseIterable { case views, downloads }
