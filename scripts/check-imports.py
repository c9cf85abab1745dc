#!/usr/bin/env python3
"""Holds Package.swift to the code: every module a target's Swift sources import must be allowed by a
dependency the target declares, and every dependency a target declares must be imported by its sources.

A target may import its declared targets and the modules of its declared products (the targets a product
lists in its own package's manifest), plus the toolchain's modules. SwiftPM itself would let a target import
anything built before it, so an undeclared edge compiles until the build order changes; an unused one links
and builds what the target never needs.

    scripts/check-imports.py          prints each violation and exits 1 when there is any

Manifests are read with `swift package dump-package` (the root's, and each dependency's checkout under
.build/checkouts, which `swift package resolve` creates).
"""
import concurrent.futures
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Modules that come with the toolchain and need no declared dependency.
# Apple's SDK frameworks count too: code imports them behind `#if canImport(…)`.
TOOLCHAIN = {
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "WinSDK", "Android", "ucrt",
    "Testing", "XCTest", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Observation",
    "os", "CoreFoundation", "CoreGraphics", "ImageIO", "UniformTypeIdentifiers", "UIKit", "AppKit",
}

# `import X`, `@testable import X`, `@_exported import X`, `public import X`, `import struct X.Y`, …
IMPORT = re.compile(
    r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)


def dump(path):
    result = subprocess.run(
        ["swift", "package", "dump-package"], cwd=path, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        sys.exit(f"check-imports: swift package dump-package failed in {path}:\n{result.stderr}")
    return json.loads(result.stdout)


def identity(url_or_path):
    name = url_or_path.rstrip("/").rsplit("/", 1)[-1]
    return (name[:-4] if name.endswith(".git") else name).lower()


def dependency_manifests(manifest):
    """Each dependency package's manifest, by identity."""
    checkouts = {p.name.lower(): p for p in (ROOT / ".build" / "checkouts").glob("*") if p.is_dir()}
    folders = {}
    for dependency in manifest["dependencies"]:
        kind, [details] = next(iter(dependency.items()))
        location = details.get("location", {})
        url = location.get("remote", [{}])[0].get("urlString") if "remote" in location else None
        path = location.get("local", [None])[0] if "local" in location else details.get("path")
        key = details.get("identity") or identity(url or path)
        folder = pathlib.Path(path) if path else checkouts.get(identity(url))
        if folder is None or not folder.exists():
            sys.exit(f"check-imports: no checkout for {key}; run `swift package resolve` first")
        folders[key] = folder
    # One `dump-package` takes seconds; they run side by side.
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        return dict(zip(folders, pool.map(dump, folders.values())))


def product_modules(manifests):
    """(package identity, product name) → the modules a target depending on that product may import."""
    modules = {}
    for key, manifest in manifests.items():
        for product in manifest["products"]:
            modules[(key, product["name"])] = set(product["targets"])
    return modules


def target_folder(target):
    if target.get("path"):
        return ROOT / target["path"]
    return ROOT / ("Tests" if target["type"] == "test" else "Sources") / target["name"]


def swift_files(target):
    folder = target_folder(target)
    excluded = [folder / e for e in target.get("exclude", [])]
    listed = [folder / s for s in target["sources"]] if target.get("sources") else [folder]
    files = []
    for base in listed:
        candidates = [base] if base.is_file() else sorted(base.rglob("*.swift"))
        for file in candidates:
            if file.suffix == ".swift" and not any(file == e or e in file.parents for e in excluded):
                files.append(file)
    return files


def imports_of(file):
    text = file.read_text(encoding="utf-8")
    # Comments and multi-line strings (a Python or JS program a test runs) may hold an import; only
    # code counts.
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return set(IMPORT.findall(text))


def module_name(target_name):
    return re.sub(r"[^A-Za-z0-9_]", "_", target_name)


def main():
    manifest = dump(ROOT)
    products = product_modules(dependency_manifests(manifest))
    local = {t["name"] for t in manifest["targets"]}
    problems = []
    for target in manifest["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        files = swift_files(target)
        if not files:
            continue  # a C target: its includes are not Swift imports
        allowed = {}  # module → the declared dependency that allows it
        for dependency in target.get("dependencies", []):
            kind, details = next(iter(dependency.items()))
            if kind == "product":
                name, package = details[0], details[1]
                modules = products.get((package.lower(), name)) if package else None
                if modules is None:
                    problems.append(f"{target['name']}: declares product {name} of {package}, which has none such")
                    continue
                label = f"product {name} ({package})"
            else:
                name = details[0]
                if name not in local:
                    problems.append(f"{target['name']}: declares {name}, which is not a target of this package")
                    continue
                modules, label = {module_name(name)}, name
            for module in modules:
                allowed[module] = label
        used = {}  # module → the files that import it
        for file in files:
            for module in imports_of(file):
                used.setdefault(module, []).append(str(file.relative_to(ROOT)))
        own = module_name(target["name"])
        for module, importers in sorted(used.items()):
            if module in TOOLCHAIN or module == own or module in allowed:
                continue
            more = len(importers) - 1
            where = f"{importers[0]} and {more} more import" if more else f"{importers[0]} imports"
            problems.append(f"{target['name']}: {where} {module}, which no declared dependency allows")
        for label in sorted(set(allowed.values())):
            if not any(allowed[m] == label and m in used for m in allowed):
                problems.append(f"{target['name']}: declares {label}, which none of its sources imports")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-imports: {len(problems)} problem(s) in Package.swift's dependencies", file=sys.stderr)
        return 1
    print(f"check-imports: every import of {len(manifest['targets'])} targets is declared, and every declaration used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
