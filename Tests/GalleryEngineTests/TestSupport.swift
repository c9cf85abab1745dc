@testable import GalleryEngine

func pseudoRandomAspects(_ n: Int, seed: UInt32 = 0x9E37_79B9) -> [Float] {
    SampleAspects.generate(count: n, seed: seed)
}

func frames(_ l: GalleryLayout) -> [Rect] {
    (0..<l.itemCount).map { l.frame(ofItem: $0) }
}

func isClose(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
