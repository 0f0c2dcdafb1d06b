#!/usr/bin/env python3
"""Lists the public symbols of this package's library targets that have no doc comment.

Usage: undocumented.py SYMBOL_GRAPH_DIR MODULE...

Reads the symbol graphs `swift package dump-symbol-graph --minimum-access-level public` wrote (MODULE.symbols.json
and MODULE@OTHER.symbols.json, the extensions MODULE declares on OTHER's types) and prints `path:line: Kind
Name` for every public or open symbol declared under Sources/MODULE/ that carries no doc comment. A symbol whose
doc comment is inherited (a protocol requirement it implements, a default implementation) counts as documented;
synthesized symbols and symbols of other packages are skipped. Exits 1 when it finds any, 2 when a graph is
missing.
"""
import glob
import json
import os
import sys
from urllib.parse import unquote, urlparse


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    graph_dir, modules = argv[1], argv[2:]
    root = os.getcwd()
    found = {}
    for module in modules:
        files = glob.glob(os.path.join(graph_dir, f"{module}.symbols.json"))
        if not files:
            print(f"error: no symbol graph for {module} in {graph_dir}", file=sys.stderr)
            return 2
        files += glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json"))
        sources = os.path.join(root, "Sources", module) + os.sep
        for path in files:
            with open(path, encoding="utf-8") as handle:
                graph = json.load(handle)
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    continue
                location = symbol.get("location")
                if not location:
                    continue
                file = unquote(urlparse(location["uri"]).path)
                if not file.startswith(sources):
                    continue  # another module's symbol (re-exported) or another package's
                if symbol.get("docComment", {}).get("lines"):
                    continue
                line = location["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                kind = symbol["kind"]["displayName"]
                found[symbol["identifier"]["precise"]] = (os.path.relpath(file, root), line, kind, name)
    for file, line, kind, name in sorted(found.values()):
        print(f"{file}:{line}: error: public {kind} {name} has no doc comment")
    if found:
        print(f"{len(found)} public symbols without a doc comment in {', '.join(modules)}", file=sys.stderr)
        return 1
    print(f"every public symbol of {', '.join(modules)} has a doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
