#!/usr/bin/env python3
"""AVIF against WebP and JPEG for the thumbs and previews, at equal SSIM.

For each real photograph of plasma-workspace-wallpapers, the thumb (400 px short edge) and the preview
(2048 px long edge) are made as the importer makes them (WebP Q=80 effort=2; JPEG Q=82 for the preview),
then as JPEG Q=70 (libjpeg-turbo with optimized Huffman tables) and as AVIF at a sweep of qualities
(effort=2). SSIM is computed on luma against the unencoded reference. The table gives, per size:
median encode time and bytes of each, and AVIF's bytes at the SSIM of today's WebP (the smallest AVIF
quality of the sweep that reaches it). Times include one `vips` process start, measured and subtracted.
Usage: python3 Benchmarks/avif/bench.py [SCRATCH_DIR]
"""
import os, statistics, subprocess, sys, tempfile, time

import numpy as np

PHOTOS = ["BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf", "Grey",
          "Kite", "OneStandsOut", "Path", "summer_1am"]
AVIF_QUALITIES = [30, 40, 45, 50, 55, 60, 65, 70]


def photo(name):
    folder = f"/usr/share/wallpapers/{name}/contents/images"
    files = sorted(os.listdir(folder), key=lambda f: -os.path.getsize(os.path.join(folder, f)))
    return os.path.join(folder, files[0])


def vips(*args):
    start = time.perf_counter()
    subprocess.run(["vips", *args], check=True, env={**os.environ, "VIPS_WARNING": "0"})
    return time.perf_counter() - start


def luma(path, scratch):
    ppm = os.path.join(scratch, "decoded.ppm")
    vips("colourspace", path, ppm, "srgb")
    with open(ppm, "rb") as f:
        data = f.read()
    # P6, then width, height and maxval, with '#' comment lines between them (vips writes one).
    fields, offset = [], 0
    while len(fields) < 4:
        end = data.index(b"\n", offset)
        line = data[offset:end].split(b"#")[0]
        fields += line.split()
        offset = end + 1
    width, height = int(fields[1]), int(fields[2])
    rgb = np.frombuffer(data[offset : offset + width * height * 3], dtype=np.uint8)
    rgb = rgb.reshape(height, width, 3).astype(np.float64)
    return rgb @ np.array([0.299, 0.587, 0.114])


def blur(x):
    radius, sigma = 5, 1.5
    k = np.exp(-(np.arange(-radius, radius + 1) ** 2) / (2 * sigma * sigma))
    k /= k.sum()
    x = np.apply_along_axis(lambda r: np.convolve(r, k, mode="valid"), 1, x)
    return np.apply_along_axis(lambda c: np.convolve(c, k, mode="valid"), 0, x)


def ssim(a, b):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    ma, mb = blur(a), blur(b)
    va, vb, cov = blur(a * a) - ma * ma, blur(b * b) - mb * mb, blur(a * b) - ma * mb
    return float((((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))).mean())


def encode(reference, suffix, options, scratch, startup):
    out = os.path.join(scratch, "out" + suffix)
    seconds = vips("copy", reference, f"{out}[{options}]") - startup
    return os.path.getsize(out), max(seconds, 0), out


def main():
    scratch = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="avif-bench-")
    os.makedirs(scratch, exist_ok=True)
    sizes = {"thumb": ["100000", "--height", "400"], "preview": ["2048"]}
    rows = {size: {"webp": [], "jpeg70": [], "jpeg": [], "avif": [], "avif_q": [], "t_webp": [], "t_jpeg": [],
                   "t_avif": [], "s_webp": [], "s_jpeg70": [], "s_avif": [], "smaller": 0} for size in sizes}
    for name in PHOTOS:
        source = photo(name)
        for size, geometry in sizes.items():
            ref = os.path.join(scratch, f"{name}-{size}.v")
            vips("thumbnail", source, ref, *geometry)
            startup = min(vips("copy", ref, os.path.join(scratch, "noop.v")) for _ in range(3))
            base = luma(ref, scratch)
            r = rows[size]
            webp_bytes, r_t, out = encode(ref, ".webp", "Q=80,effort=2,strip", scratch, startup)
            r["webp"].append(webp_bytes); r["t_webp"].append(r_t)
            target = ssim(base, luma(out, scratch)); r["s_webp"].append(target)
            jq = 82 if size == "preview" else 80
            jpeg_bytes, r_t, _ = encode(ref, ".jpg", f"Q={jq},optimize_coding,strip", scratch, startup)
            r["jpeg"].append(jpeg_bytes); r["t_jpeg"].append(r_t)
            j70, _, out = encode(ref, ".jpg", "Q=70,optimize_coding,strip", scratch, startup)
            r["jpeg70"].append(j70); r["s_jpeg70"].append(ssim(base, luma(out, scratch)))
            chosen = None
            for q in AVIF_QUALITIES:
                size_q, t_q, out = encode(ref, ".avif", f"Q={q},effort=2,strip", scratch, startup)
                s = ssim(base, luma(out, scratch))
                if s >= target:
                    chosen = (q, size_q, t_q, s)
                    break
            if chosen is None:
                chosen = (q, size_q, t_q, s)
            r["avif_q"].append(chosen[0]); r["avif"].append(chosen[1]); r["t_avif"].append(chosen[2])
            r["s_avif"].append(chosen[3]); r["smaller"] += chosen[1] < webp_bytes
            print(f"{name:13} {size:7} webp {webp_bytes:7} B ssim {target:.4f} | avif Q={chosen[0]} "
                  f"{chosen[1]:7} B ssim {chosen[3]:.4f} {chosen[2]*1000:5.0f} ms | jpeg q70 {j70:7} B", flush=True)
    med = statistics.median
    print("\n| size | WebP Q80 (the thumb today) | JPEG q70 | JPEG today (thumb Q80, preview Q82) | AVIF at WebP's SSIM | AVIF Q | AVIF smaller | "
          "encode WebP | encode JPEG | encode AVIF |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size, r in rows.items():
        print(f"| {size} | {med(r['webp'])/1024:.1f} KiB (SSIM {med(r['s_webp']):.4f}) | "
              f"{med(r['jpeg70'])/1024:.1f} KiB (SSIM {med(r['s_jpeg70']):.4f}) | {med(r['jpeg'])/1024:.1f} KiB | "
              f"{med(r['avif'])/1024:.1f} KiB (SSIM {med(r['s_avif']):.4f}) | {med(r['avif_q'])} | "
              f"{r['smaller']}/{len(PHOTOS)} | {med(r['t_webp'])*1000:.0f} ms | {med(r['t_jpeg'])*1000:.0f} ms | "
              f"{med(r['t_avif'])*1000:.0f} ms |")


if __name__ == "__main__":
    main()
