"""Validates scenario files against authflow's JSON Schema with the `jsonschema` package.

    python3 validate.py SCHEMA.json FILE.yaml ...

Each YAML document is read as an editor reads it (YAML 1.2: only true/false are booleans, timestamps stay
text) and validated with Draft202012Validator. Prints one JSON object: for each file, the errors of its
documents (an empty list when valid); and `uncovered`, the schema's keys and alternatives that no valid
document used, so a test can require a fixture that uses every one.
"""

import json
import re
import sys

import jsonschema
import yaml


class CoreLoader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 core booleans and no timestamp type, as editors read YAML."""


CoreLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers
            if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def resolve(schema, pointer):
    node = schema
    for part in pointer.lstrip("#/").split("/"):
        if part:
            node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def is_variable(schema):
    return schema.get("$ref") == "#/$defs/variable"


def targets(schema, pointer="#", seen=None):
    """Every property and every anyOf alternative (but a ${var}) reachable from `pointer`."""
    seen = set() if seen is None else seen
    if pointer in seen:
        return set()
    seen.add(pointer)
    node = resolve(schema, pointer)
    found = set()
    if "$ref" in node:
        found |= targets(schema, node["$ref"], seen)
    for index, alternative in enumerate(node.get("anyOf", [])):
        if not is_variable(alternative):
            found.add(f"{pointer}/anyOf/{index}")
            found |= targets(schema, f"{pointer}/anyOf/{index}", seen)
    for index, _ in enumerate(node.get("allOf", [])):
        found |= targets(schema, f"{pointer}/allOf/{index}", seen)
    for name in node.get("properties", {}):
        found.add(f"{pointer}/properties/{name}")
        found |= targets(schema, f"{pointer}/properties/{name}", seen)
    if isinstance(node.get("additionalProperties"), dict):
        found |= targets(schema, f"{pointer}/additionalProperties", seen)
    if isinstance(node.get("items"), dict):
        found |= targets(schema, f"{pointer}/items", seen)
    return found


def cover(schema, pointer, instance, covered):
    """Records which properties and anyOf alternatives `instance` uses, walking it with the schema."""
    node = resolve(schema, pointer)
    if "$ref" in node:
        cover(schema, node["$ref"], instance, covered)
    for index, alternative in enumerate(node.get("anyOf", [])):
        if VALIDATOR.evolve(schema=alternative).is_valid(instance):
            covered.add(f"{pointer}/anyOf/{index}")
            cover(schema, f"{pointer}/anyOf/{index}", instance, covered)
    for index, _ in enumerate(node.get("allOf", [])):
        cover(schema, f"{pointer}/allOf/{index}", instance, covered)
    if isinstance(instance, dict):
        properties = node.get("properties", {})
        for name, value in instance.items():
            if name in properties:
                covered.add(f"{pointer}/properties/{name}")
                cover(schema, f"{pointer}/properties/{name}", value, covered)
            elif isinstance(node.get("additionalProperties"), dict):
                cover(schema, f"{pointer}/additionalProperties", value, covered)
    if isinstance(instance, list) and isinstance(node.get("items"), dict):
        for item in instance:
            cover(schema, f"{pointer}/items", item, covered)


def main(arguments):
    global VALIDATOR
    with open(arguments[0], encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = VALIDATOR = jsonschema.Draft202012Validator(schema)

    results = {}
    covered = set()
    for path in arguments[1:]:
        errors = []
        with open(path, encoding="utf-8") as handle:
            documents = [document for document in yaml.load_all(handle, Loader=CoreLoader)
                         if document is not None]
        for number, document in enumerate(documents, start=1):
            problems = sorted(validator.iter_errors(document), key=lambda error: list(error.path))
            for problem in problems:
                place = "/".join(str(part) for part in problem.absolute_path)
                errors.append(f"document {number}, at '{place}': {problem.message}")
            if not problems:
                cover(schema, "#", document, covered)
        results[path] = errors
    uncovered = sorted(targets(schema) - covered)
    print(json.dumps({"files": results, "uncovered": uncovered}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
