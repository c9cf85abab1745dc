#!/usr/bin/env python3
"""Holds docs/ARCHITECTURE.md's module table to the code, so a newcomer finds things where the map says.

For each row `| \`Module\` | owns | depends on |`:
- every type the "owns" column names in backticks (a CamelCase word) and Sources/ declares is declared in
  Sources/<Module>/ or in a module it depends on (names Sources/ never declares are outside types, such as
  GRDB's `DatabasePool`);
- every package module the "depends on" column names is a declared dependency of the target, and every
  package module the target declares is named there ("everything above" stands for the composition
  root's list, which the row does not spell out).
Every source module with a folder under Sources/ has a row.

    scripts/check-architecture.py     prints each mismatch and exits 1 when there is any
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"
DECLARATION = r"(?:struct|enum|class|protocol|actor|typealias|extension|func|let|var|case)\s+{name}\b"


def table_rows(text):
    """(module, owns, depends) for each row of the module table."""
    rows = []
    for line in text.splitlines():
        match = re.match(r"^\| `([A-Za-z0-9-]+)` \| (.*) \| (.*) \|$", line)
        if match:
            rows.append(match.groups())
    return rows


def declared_dependencies():
    """Each target's package-internal dependencies (by target name), from `swift package dump-package`."""
    manifest = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    result = {}
    for target in manifest["targets"]:
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        result[target["name"]] = names
    return result


def main():
    text = DOC.read_text()
    rows = table_rows(text)
    targets = declared_dependencies()
    modules = {path.name for path in (ROOT / "Sources").iterdir() if path.is_dir()}
    problems = []
    texts = {}
    for module in modules:
        folder = ROOT / "Sources" / module
        texts[module] = "\n".join(
            path.read_text() for path in sorted(folder.rglob("*")) if path.suffix in (".swift", ".h", ".c"))

    def reach(module):
        """`module` and every package module it depends on, directly or not."""
        seen, stack = set(), [module]
        while stack:
            name = stack.pop()
            if name not in seen:
                seen.add(name)
                stack.extend(targets.get(name, ()))
        return seen

    for module in sorted(modules - {row[0] for row in rows}):
        problems.append(f"{module}: no row in the module table")
    for module, owns, depends in rows:
        folder = ROOT / "Sources" / module
        if not folder.is_dir():
            problems.append(f"{module}: the table names it, but Sources/{module} does not exist")
            continue
        reachable = reach(module)
        for name in sorted(set(re.findall(r"`([A-Z][A-Za-z0-9]+)`", owns))):
            if name in modules or name in targets:
                continue
            declaration = re.compile(DECLARATION.format(name=re.escape(name)))
            homes = {other for other, text in texts.items() if declaration.search(text)}
            if homes and not homes & reachable:
                where = ", ".join(sorted(homes))
                problems.append(f"{module}: names `{name}`, declared in {where}, which it does not depend on")
        if module not in targets or "everything above" in depends:
            continue
        named = {word for word in re.findall(r"[A-Za-z][A-Za-z0-9-]*", depends) if word in targets}
        internal = {name for name in targets[module] if name in targets}
        for name in sorted(internal - named):
            problems.append(f"{module}: depends on {name}, which its row does not name")
        for name in sorted(named - internal):
            problems.append(f"{module}: its row names {name}, which Package.swift does not declare")
    for problem in problems:
        print("check-architecture: " + problem)
    if problems:
        return 1
    print(f"check-architecture: the module table matches Sources/ and Package.swift ({len(rows)} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
