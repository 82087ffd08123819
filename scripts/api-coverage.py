#!/usr/bin/env python3
"""Checks that the package still has the Apple FoundationModels and Evaluations declarations it
claims to cover.

Two manifests list Apple's public declarations by name, one a line: Docs/API/apple-declarations.txt
those of FoundationModels (macOS 26.5 and 27.0 SDK interfaces), answered by the package's
FoundationModelsCore and OpenAICompatibleBackend; Docs/API/apple-evaluations-declarations.txt
those of Evaluations (macOS 27.0 SDK interface only, so every line is SDK 27), answered by the
package's Evaluations:

    SDK  STATUS     KIND           DECLARATION
    26   covered    func           LanguageModelSession.respond(to:options:)
    26   covered    func           LanguageModelSession.respond(to:options:) #2
    27   missing    case           Transcript.Entry.reasoning(_:)
    27   n/a-linux  init           Transcript.ImageAttachment.init(_:orientation:)
    26   covered    conformance    Transcript: RandomAccessCollection

SDK is the first SDK whose interface has the line (26 or 27). STATUS is one of

    covered    the package has it; the check fails if it goes missing
    missing    a known gap: counted, and reported once the package has it
    n/a-linux  names a CoreGraphics, CoreImage or CoreVideo type, or is a member of an extension of
               a TabularData type (DataFrame), which Linux lacks; not checked
    unchecked  Apple marks it unavailable (`@available(*, unavailable)`) or hides it from
               documentation (`@_documentation(visibility: private)`); symbol graphs omit such
               declarations, so the package's equivalents cannot be seen; not checked

Usage:

    scripts/api-coverage.py                 check the package against both manifests (CI)
    scripts/api-coverage.py --update        rewrite `covered`/`missing` from the package
    scripts/api-coverage.py --extract FoundationModels-27.0.swiftinterface \\
        --baseline FoundationModels-26.5.swiftinterface > Docs/API/apple-declarations.txt
    scripts/api-coverage.py --module Evaluations --extract Evaluations-27.0.swiftinterface \\
        > Docs/API/apple-evaluations-declarations.txt
                                            a fresh manifest (all `missing`); then --update

    --module NAME           FoundationModels or Evaluations: only that manifest; with --extract,
                            the module the interface is (default FoundationModels)
    --manifest FILE         check or update FILE instead (for --module, default FoundationModels)
    --list-extra            also print the package's declarations that Apple's list lacks
    --symbol-graph-dir DIR  read symbol graphs already extracted there
    --build-dir DIR         the SwiftPM debug build to read (default .build/debug)

The check reads the package's public surface from the symbol graphs that `swift
symbolgraph-extract` writes for FoundationModelsCore and OpenAICompatibleBackend (the umbrella
FoundationModels module only re-exports them) and for Evaluations, using the .swiftmodule files of
the existing debug build (`swift build`, `scripts/test.sh`) with the same module map and C search
paths: it builds nothing and takes a few seconds. Only `--extract` reads Apple's interfaces; the
manifests hold declaration names, never interface text.

Counting rules:

- A declaration is a type, member, protocol requirement, enum case, macro, typealias or
  associatedtype that is `public` or `open` (requirements and cases: of a public type).
- Its name is the dotted type path, module qualifiers (`FoundationModels::`, `Swift.`) and
  generic arguments removed, then the member: `name(label:label:)` for functions, initialisers,
  macros and subscripts (`_` for an unlabelled parameter; a subscript parameter is unlabelled
  unless it has two names), `name(_:)`/`name(label:)` for enum cases with associated values,
  `name` for everything else. `init?` and `init!` are `init`.
- Overloads with one name and the same labels are one line each, the second and later suffixed
  ` #2`, ` #3`. The package covers the n-th checked line of a name when it has at least n
  declarations of that name. Names are compared, not kinds or types: an enum `case` answers a
  `static func` with the same labels, and a member that a protocol extension supplies (a
  "synthesized" symbol, the standard library's included) answers a declared one. A
  declaration whose type differs from Apple's therefore still counts as covered, and Apple's
  overload that the package folds into another one's default arguments counts as missing.
- Not listed: names starting with `_` (so `__` too), declarations under `@_implements`, `@_spi`
  or `@usableFromInline`, `deinit`, inlinable bodies, and the members the compiler synthesises
  for Equatable, Hashable, Codable and CaseIterable (`==`, `hash(into:)`, `hashValue`,
  `init(from:)`, `encode(to:)`, `allCases`) and for actors (`unownedExecutor`); the conformances
  stand for them. Typealiases named like the standard library's associated types (`Element`,
  `Index`, `Indices`, `Iterator`, `SubSequence`, `ID`, `AllCases`, `AsyncIterator`, `Failure`)
  are part of their conformance; a typealias with its protocol's associated-type name right after
  that associatedtype is the protocol's default, not a second line.
- The package's typealiases may be inferred: `Type.Name` counts as present when the package's
  Type conforms to a protocol with an associated type `Name` (its own protocols from the symbol
  graph, the standard library's from a short table).
- Conformances are (type, protocol) pairs `Type: Protocol` from type declarations and
  extensions, a protocol's inherited protocols included; `Copyable`, `Escapable`,
  `BitwiseCopyable` and suppressed (`~`) protocols are skipped; `Codable` is Decodable plus
  Encodable.
- `n/a-linux`: the declaration's text names a CoreGraphics, CoreImage or CoreVideo type (CGImage,
  CIImage, CVPixelBuffer). ImageIO's CGImagePropertyOrientation alone does not count: a Linux
  package can define that enum itself. Members of an extension of a TabularData type are
  `n/a-linux` too (Evaluations' `DataFrame.subscript(_:)` and `subscript(metric:)`: the package
  has them on its EvaluationTable); a member that merely returns a DataFrame
  (`EvaluationResult.summary`) is checked by name.
- SDK 26 lines are those also in the 26.5 interface (same name and overload number); the
  Evaluations manifest has no baseline, so all its lines are SDK 27.

Exit status: 1 if a `covered` line is missing from the package, 2 on bad usage, or a message and
a non-zero status if the build or the symbol-graph extraction is missing; 0 otherwise.
"""

import argparse
import collections
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "Docs" / "API" / "apple-declarations.txt"
# Apple's module: (its manifest, the interfaces it was read from, the package's modules checked).
TARGETS = {
    "FoundationModels": (MANIFEST, "macOS 26.5 and 27.0 SDK interfaces",
                         ["FoundationModelsCore", "OpenAICompatibleBackend"]),
    "Evaluations": (ROOT / "Docs" / "API" / "apple-evaluations-declarations.txt",
                    "macOS 27.0 SDK interface", ["Evaluations"]),
}
STATUSES = ["covered", "missing", "n/a-linux", "unchecked"]
SKIPPED_MEMBERS = {
    "==", "!=", "hash(into:)", "hashValue", "init(from:)", "encode(to:)", "allCases",
    "unownedExecutor",
}
WITNESS_TYPEALIASES = {
    "Element", "Index", "Indices", "Iterator", "SubSequence", "ID", "AllCases", "AsyncIterator",
    "Failure",
}
SKIPPED_PROTOCOLS = {"Copyable", "Escapable", "BitwiseCopyable"}
NOT_ON_LINUX = re.compile(r"\b(CoreGraphics|CoreImage|CoreVideo)::")
EXTENDS_NOT_ON_LINUX = re.compile(r"\bextension\s+TabularData::")  # its members are n/a-linux
MODULE_PREFIX = re.compile(
    r"\b(FoundationModels|Swift|Foundation|_Concurrency|Observation|CoreGraphics|CoreImage|CoreVideo"
    r"|CoreFoundation|ImageIO|Darwin|_StringProcessing)\.(?=[A-Z_])"
)
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor"}
MODIFIERS = {
    "public", "open", "final", "convenience", "static", "class", "nonisolated", "mutating",
    "nonmutating", "override", "required", "indirect", "dynamic", "optional", "lazy", "weak",
    "unowned", "consuming", "borrowing", "__consuming", "distributed", "isolated", "package",
    "internal", "private", "fileprivate", "prefix", "postfix", "infix",
}
DECL_KEYWORDS = TYPE_KEYWORDS | {
    "extension", "func", "init", "subscript", "var", "let", "case", "typealias", "associatedtype",
    "macro", "deinit", "operator", "precedencegroup", "import",
}


# --- Apple's interface: --extract ------------------------------------------------------------


def skip_balanced(text, start, open_char, close_char):
    """Index just past the bracket group that starts at text[start] (== open_char)."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == open_char:
            depth += 1
        elif text[index] == close_char:
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)


def strip_attributes(text):
    """Removes leading `@attr` and `@attr(...)` tokens; returns (attribute texts, rest)."""
    attributes = []
    text = text.lstrip()
    while text.startswith("@"):
        match = re.match(r"@([A-Za-z_][\w.:]*)", text)
        if not match:
            break
        end = match.end()
        if end < len(text) and text[end] == "<":  # `@Builder<A, B>`
            end = skip_balanced(text, end, "<", ">")
        if end < len(text) and text[end] == "(":
            end = skip_balanced(text, end, "(", ")")
        attributes.append(text[1:end])
        text = text[end:].lstrip()
    return attributes, text


def split_top_level(text, separator=","):
    """Splits on `separator` outside (), [], <> and {}."""
    parts, depth, current = [], 0, []
    index = 0
    while index < len(text):
        char = text[index]
        if char in "([{<":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == ">" and depth > 0 and text[index - 1] != "-":
            depth -= 1
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
        index += 1
    if "".join(current).strip():
        parts.append("".join(current))
    return parts


def parameter_labels(parameter_list, style="func"):
    """`(to prompt: P, options: O = .init())` → ['to', 'options'].

    style `func`: a lone name is the label; `subscript`: a lone name is `_`; `case`: an associated
    value without `name:` is `_`.
    """
    labels = []
    for parameter in split_top_level(parameter_list):
        pieces = split_top_level(parameter, ":")
        if style == "case" and len(pieces) < 2:
            labels.append("_")
            continue
        _, head = strip_attributes(pieces[0])
        names = head.split()
        if not names:
            continue
        if len(names) >= 2:
            labels.append(names[0])
        else:
            labels.append("_" if style == "subscript" else names[0])
    return labels


def signature_name(base, rest, style="func"):
    """`name` plus `(l:l:)` from the text after the name: optional <generics>, then (params)."""
    rest = rest.lstrip()
    if rest.startswith("<"):
        rest = rest[skip_balanced(rest, 0, "<", ">"):].lstrip()
    if not rest.startswith("("):
        return base + "()"
    end = skip_balanced(rest, 0, "(", ")")
    labels = parameter_labels(rest[1:end - 1], style)
    return base + "(" + "".join(label + ":" for label in labels) + ")"


def type_path(text):
    """`Swift::Optional<T>.Foo` (or `Swift.Optional<T>.Foo`) → `Optional.Foo`."""
    text = re.sub(r"[A-Za-z_]\w*::", "", text)
    text = MODULE_PREFIX.sub("", text)
    out, depth = [], 0
    for char in text:
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out).strip()


def conformance_list(text):
    """`: A, nonisolated B, ~Copyable where X == Y` → ['A', 'B']."""
    text = re.split(r"\bwhere\b", text)[0]
    protocols = []
    for item in split_top_level(text):
        _, item = strip_attributes(item)
        words = item.split()
        while words and words[0] in {"nonisolated", "@preconcurrency", "@retroactive", "@unchecked"}:
            words = words[1:]
        if not words or words[0].startswith("~"):
            continue
        name = type_path(" ".join(words))
        for part in name.split("&"):
            part = part.strip()
            if part and part not in SKIPPED_PROTOCOLS and not part.startswith("_"):
                protocols.append(part)
    return protocols


def logical_lines(text):
    """The interface's lines, compiler conditionals dropped, multi-line parentheses joined."""
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("//") or line.startswith("#")):
            continue
        pending = (pending + " " + line).strip() if pending else line
        if pending.count("(") > pending.count(")"):
            continue
        yield pending
        pending = ""
    if pending:
        yield pending


class Scope:
    """One open brace: a type, an extension, or a body whose contents are not declarations."""

    def __init__(self, kind, path="", public=False, type_kind=None, unchecked=False,
                 not_on_linux=False):
        self.kind, self.path, self.public = kind, path, public
        self.type_kind, self.unchecked, self.not_on_linux = type_kind, unchecked, not_on_linux


def is_unchecked(attributes):
    """Unconditionally unavailable, or hidden from documentation: symbol graphs omit both."""
    return any(
        re.match(r"available\(\s*\*\s*,\s*unavailable", attribute)
        or re.match(r"_documentation\(\s*visibility:\s*(private|internal)", attribute)
        for attribute in attributes
    )


def declaration_names(keyword, tail):
    """The manifest names one declaration line introduces (several for `case a, b`)."""
    if keyword in ("func", "macro"):
        match = re.match(r"`?([A-Za-z_]\w*)`?|([^\s(<]+)", tail)
        base = match.group(1) or match.group(2)
        return [base if base in SKIPPED_MEMBERS else signature_name(base, tail[match.end():])]
    if keyword == "init":
        return [signature_name("init", tail.lstrip("?!"))]
    if keyword == "subscript":
        return [signature_name("subscript", tail, "subscript")]
    if keyword in ("var", "let", "typealias", "associatedtype"):
        return [re.match(r"`?([A-Za-z_]\w*)`?", tail).group(1)]
    if keyword == "case":
        names = []
        for element in split_top_level(tail.split("{")[0]):
            match = re.match(r"\s*`?([A-Za-z_]\w*)`?", element)
            if not match:
                continue
            after = element[match.end():].lstrip()
            names.append(signature_name(match.group(1), after, "case") if after.startswith("(")
                         else match.group(1))
        return names
    return []


def extract(interface_text):
    """Apple's public declarations: [(kind, name, flag)] in interface order.

    flag: None, `n/a-linux` or `unchecked`.
    """
    declarations = []
    stack = []
    pending_attributes = []
    file_scope = Scope("file", public=True)

    for line in logical_lines(interface_text):
        scope = stack[-1] if stack else file_scope
        not_on_linux = bool(NOT_ON_LINUX.search(line)) or scope.not_on_linux
        extends_not_on_linux = bool(EXTENDS_NOT_ON_LINUX.search(line)) or scope.not_on_linux
        line = re.sub(r"\b[A-Za-z_]\w*::", "", line)
        opens = line.count("{") - line.count("}")
        if scope.kind == "body":
            for _ in range(max(0, -opens)):
                stack.pop()
            stack.extend(Scope("body", scope.path) for _ in range(max(0, opens)))
            continue
        if line.startswith("}"):
            for _ in range(max(0, -opens)):
                if stack:
                    stack.pop()
            continue
        attributes, rest = strip_attributes(line)
        attributes = pending_attributes + attributes
        if not rest:
            pending_attributes = attributes
            continue
        pending_attributes = []
        words, body = [], rest
        while True:
            match = re.match(r"([A-Za-z_]\w*)(\([^)]*\))?\s*", body)
            if not match or match.group(1) not in MODIFIERS:
                break
            if match.group(1) == "class" and not re.match(r"class\s+(func|var|let|subscript)\b", body):
                break  # `class Name`, a type, not the `class func` modifier
            words.append(match.group(1))
            body = body[match.end():]
        match = re.match(r"([A-Za-z_]\w*)\b\s*(.*)", body)
        keyword = match.group(1) if match else ""
        tail = match.group(2) if match else body
        if keyword not in DECL_KEYWORDS:
            stack.extend(Scope("body", scope.path) for _ in range(max(0, opens)))
            continue
        hidden = any(a.startswith(("_implements", "_spi", "usableFromInline")) for a in attributes)
        unchecked = scope.unchecked or is_unchecked(attributes)
        requirement = scope.kind == "type" and scope.type_kind in ("protocol", "enum") and keyword in (
            "func", "init", "subscript", "var", "let", "case", "associatedtype", "typealias")
        restricted = any(w in words for w in ("internal", "package", "private", "fileprivate"))
        public = scope.public and not hidden and not restricted and (
            "public" in words or "open" in words or requirement)
        flag = "n/a-linux" if not_on_linux else "unchecked" if unchecked else None
        prefix = scope.path + "." if scope.path else ""

        if keyword == "extension":
            head = re.split(r"\bwhere\b", tail.split("{")[0])[0]
            extended, conforms = (re.split(r"(?<!:):(?!:)", head, maxsplit=1) + [""])[:2]
            path = type_path(extended)
            visible = not hidden and not path.split(".")[-1].startswith("_")
            if visible:
                for protocol in conformance_list(conforms):
                    declarations.append(("conformance", f"{path}: {protocol}", flag))
            if opens > 0:
                stack.append(Scope("extension", path, visible, "extension", unchecked,
                                   extends_not_on_linux))
            continue
        if keyword in TYPE_KEYWORDS:
            name_match = re.match(r"`?([A-Za-z_]\w*)`?", tail)
            path = prefix + name_match.group(1)
            visible = public and not name_match.group(1).startswith("_")
            if visible:
                declarations.append((keyword, path, flag))
                after = tail[name_match.end():].lstrip()
                if after.startswith("<"):
                    after = after[skip_balanced(after, 0, "<", ">"):].lstrip()
                if after.startswith(":"):
                    for protocol in conformance_list(after[1:].split("{")[0]):
                        declarations.append(("conformance", f"{path}: {protocol}", flag))
            if opens > 0:
                stack.append(Scope("type", path, visible, keyword, unchecked, scope.not_on_linux))
                stack.extend(Scope("body", path) for _ in range(opens - 1))
            continue

        if public:
            for name in declaration_names(keyword, tail):
                if name.startswith("_") or name in SKIPPED_MEMBERS:
                    continue
                if keyword == "typealias" and name in WITNESS_TYPEALIASES:
                    continue
                kind = keyword
                if keyword in ("func", "var", "let") and ("static" in words or "class" in words):
                    kind = "static-" + keyword
                declarations.append((kind, prefix + name, flag))
        stack.extend(Scope("body", scope.path) for _ in range(max(0, opens)))
    return declarations


def numbered(declarations):
    """Adds ` #n` to the second and later declarations of one name; keeps first-seen order."""
    counts = collections.Counter()
    result = []
    kinds = {}
    for kind, name, flag in declarations:
        if kind == "conformance" and counts[name]:
            continue
        if kind == "typealias" and kinds.get(name) == "associatedtype":
            continue  # a protocol extension's default for its own associated type
        kinds.setdefault(name, kind)
        counts[name] += 1
        key = name if counts[name] == 1 else f"{name} #{counts[name]}"
        result.append((kind, key, flag))
    return result


def write_manifest(lines, out, module="FoundationModels"):
    out.write(
        f"# Apple's {module} declarations ({TARGETS[module][1]}), names only.\n"
        "# Written by `scripts/api-coverage.py --extract`, statuses by `--update`; rules: "
        "scripts/api-coverage.py, Docs/API/README.md.\n"
        "# SDK  STATUS     KIND           DECLARATION\n"
    )
    for sdk, status, kind, key in lines:
        out.write(f"{sdk:<4} {status:<10} {kind:<14} {key}\n")


def command_extract(interface, baseline, module):
    current = numbered(extract(Path(interface).read_text()))
    older = {key for _, key, _ in numbered(extract(Path(baseline).read_text()))} if baseline else set()
    lines = []
    for kind, key, flag in current:
        sdk = "26" if key in older else "27"
        lines.append((sdk, flag or "missing", kind, key))
    gone = older - {key for _, key, _ in current}
    if gone:
        print(f"note: {len(gone)} declaration(s) of the baseline are not in the interface "
              f"(left out): {', '.join(sorted(gone))}", file=sys.stderr)
    write_manifest(lines, sys.stdout, module)
    return 0


# --- The package: symbol graphs -------------------------------------------------------------


def build_directory(explicit):
    """The debug build's triple folder (`.build/<triple>/debug`) and its triple."""
    path = Path(explicit) if explicit else ROOT / ".build" / "debug"
    path = path.resolve()
    if not (path / "Modules").is_dir():
        raise SystemExit(f"api-coverage: no build at {path} (run `swift build` or scripts/test.sh first)")
    return path, path.parent.name


def extract_symbol_graphs(build_dir, out_dir, modules):
    """Runs `swift symbolgraph-extract` on `modules` with the build's own search paths."""
    build, triple = build_directory(build_dir)
    c_flags = []
    module_map = ROOT / "Sources" / "CLlama" / "module.modulemap"
    if module_map.exists():
        c_flags += ["-Xcc", f"-fmodule-map-file={module_map}"]
    if shutil.which("pkg-config"):
        found = subprocess.run(["pkg-config", "--cflags-only-I", "llama"], capture_output=True, text=True)
        for flag in found.stdout.split() if found.returncode == 0 else []:
            c_flags += ["-Xcc", flag]
    for module in modules:
        command = [
            "swift", "symbolgraph-extract", "-module-name", module, "-target", triple,
            "-I", str(build / "Modules"), *c_flags,
            "-module-cache-path", str(build / "ModuleCache"),
            "-minimum-access-level", "public", "-skip-inherited-docs", "-output-dir", str(out_dir),
        ]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            raise SystemExit(f"api-coverage: symbolgraph-extract failed for {module}: {' '.join(command)}")


# Standard-library and Foundation protocols whose associated types a conforming type may leave to
# inference (no typealias in the symbol graph): a typealias of Apple's with one of these names is
# covered when the package's type conforms to the protocol.
INFERRED_ASSOCIATED_TYPES = {
    "Collection": {"Element", "Index", "Indices", "Iterator", "SubSequence"},
    "Sequence": {"Element", "Iterator"},
    "AsyncSequence": {"Element", "AsyncIterator", "Failure"},
    "AsyncIteratorProtocol": {"Element", "Failure"},
    "Identifiable": {"ID"},
    "CaseIterable": {"AllCases"},
    "RawRepresentable": {"RawValue"},
    "ExpressibleByStringLiteral": {
        "StringLiteralType", "ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType",
    },
    "ExpressibleByIntegerLiteral": {"IntegerLiteralType"},
    "ExpressibleByFloatLiteral": {"FloatLiteralType"},
    "ExpressibleByBooleanLiteral": {"BooleanLiteralType"},
    "ExpressibleByArrayLiteral": {"ArrayLiteralElement"},
    "ExpressibleByDictionaryLiteral": {"Key", "Value"},
}


def package_surface(graph_dir, modules):
    """(Counter of declaration names, set of `Type: Protocol` pairs) from the modules' graphs."""
    symbols, relationships = {}, []
    for file in sorted(Path(graph_dir).glob("*.symbols.json")):
        if file.name.split(".")[0].split("@")[0] not in modules:  # `Module@Swift.symbols.json` too
            continue
        graph = json.loads(file.read_text())
        for symbol in graph["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        relationships += graph["relationships"]

    def name_of(usr, fallback=None):
        if usr in symbols:
            return ".".join(symbols[usr]["pathComponents"])
        if fallback:  # "Swift.String", "FoundationEssentials.LocalizedError": drop the module
            return fallback.split(".", 1)[-1]
        return None

    external_types = {}
    for relation in relationships:
        target = relation["target"]
        if relation["kind"] == "memberOf" and target not in symbols and "targetFallback" in relation:
            external_types[target] = name_of(None, relation["targetFallback"])

    declared, synthesized = collections.Counter(), set()
    associated_types = collections.defaultdict(set)
    for usr, symbol in symbols.items():
        name = ".".join(symbol["pathComponents"])
        kind = symbol["kind"]["identifier"]
        if kind == "swift.associatedtype":
            associated_types[".".join(symbol["pathComponents"][:-1])].add(symbol["pathComponents"][-1])
        if "::SYNTHESIZED::" in usr:
            synthesized.add(name)
        else:
            declared[name] += 1
    for name in synthesized:
        declared[name] = max(declared[name], 1)

    conformances = set()
    for relation in relationships:
        if relation["kind"] not in ("conformsTo", "inheritsFrom"):
            continue
        source = name_of(relation["source"]) or external_types.get(relation["source"])
        target = name_of(relation["target"], relation.get("targetFallback"))
        if source and target:
            conformances.add(f"{source}: {target}")
    # Inferred associated types: `Type.Element` exists when Type conforms to Collection, and so on.
    for pair in list(conformances):
        source, target = pair.split(": ", 1)
        for member in INFERRED_ASSOCIATED_TYPES.get(target, set()) | associated_types.get(target, set()):
            declared[f"{source}.{member}"] = max(declared[f"{source}.{member}"], 1)
    # `Codable` is a typealias: a type that is both Decodable and Encodable conforms to it.
    for pair in list(conformances):
        source, target = pair.split(": ", 1)
        if target == "Decodable" and f"{source}: Encodable" in conformances:
            conformances.add(f"{source}: Codable")
    return declared, conformances


def covered(kind, name, overloads, declared, conformances):
    """Whether the package has `name` (at least `overloads` declarations of it)."""
    if kind == "conformance":
        return name in conformances
    return declared[name] >= overloads


# --- Manifest, check and update -------------------------------------------------------------


def read_manifest(path):
    lines = []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        fields = text.split(None, 3)
        if len(fields) != 4 or fields[0] not in ("26", "27") or fields[1] not in STATUSES:
            raise SystemExit(f"api-coverage: {path}:{number}: not `SDK STATUS KIND DECLARATION`: {text}")
        lines.append(tuple(fields))
    return lines


def summary(lines):
    rows = []
    for sdk in [sdk for sdk in ("26", "27") if any(line[0] == sdk for line in lines)]:
        for group, is_conformance in (("declarations", False), ("conformances", True)):
            counts = collections.Counter(
                status for line_sdk, status, kind, _ in lines
                if line_sdk == sdk and (kind == "conformance") == is_conformance
            )
            rows.append((f"SDK {sdk} {group}", sum(counts.values()), *(counts[s] for s in STATUSES)))
    print(f"{'':<24} {'total':>6} {'covered':>8} {'missing':>8} {'n/a-linux':>10} {'unchecked':>10}")
    for label, total, done, missing, not_applicable, unchecked in rows:
        print(f"{label:<24} {total:>6} {done:>8} {missing:>8} {not_applicable:>10} {unchecked:>10}")


def command_check(args, module, manifest):
    lines = read_manifest(manifest)
    modules = TARGETS[module][2]
    started = time.monotonic()
    if args.symbol_graph_dir:
        declared, conformances = package_surface(args.symbol_graph_dir, modules)
    else:
        with tempfile.TemporaryDirectory(prefix="api-coverage-") as graph_dir:
            extract_symbol_graphs(args.build_dir, graph_dir, modules)
            declared, conformances = package_surface(graph_dir, modules)
    lost, appeared, updated = [], [], []
    checked = collections.Counter()  # overloads of one name among the lines that are checked
    for sdk, status, kind, key in lines:
        name = key.partition(" #")[0]
        if status in ("covered", "missing"):
            checked[name] += 1
        present = covered(kind, name, checked[name], declared, conformances)
        if status == "covered" and not present:
            lost.append((sdk, kind, key))
        elif status == "missing" and present:
            appeared.append((sdk, kind, key))
        new_status = status
        if args.update and status in ("covered", "missing"):
            new_status = "covered" if present else "missing"
        updated.append((sdk, new_status, kind, key))

    if args.list_extra:
        apple = {key.partition(" #")[0] for _, _, _, key in lines}
        for name in sorted(set(declared) - apple):
            print(f"extra: {name}")
    if args.update:
        with open(manifest, "w") as out:
            write_manifest(updated, out, module)
        print(f"updated {manifest.name}: {len(appeared)} line(s) now covered, "
              f"{len(lost)} no longer covered")
        lines = updated
    else:
        for sdk, kind, key in appeared:
            print(f"now covered: {key} ({kind}, SDK {sdk})")
        if appeared:
            print(f"{len(appeared)} declaration(s) now covered: update the manifest "
                  f"(scripts/api-coverage.py --update)")
        for sdk, kind, key in lost:
            print(f"MISSING: {key} ({kind}, SDK {sdk})")
    summary(lines)
    shown = manifest.relative_to(ROOT) if manifest.is_relative_to(ROOT) else manifest
    print(f"({time.monotonic() - started:.1f} s; manifest {shown})")
    if lost and not args.update:
        print(f"api-coverage: {len(lost)} declaration(s) the manifest marks covered are missing "
              f"from the package")
        return 1
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extract", metavar="INTERFACE",
                        help="write a manifest from Apple's interface to stdout")
    parser.add_argument("--baseline", metavar="INTERFACE",
                        help="with --extract: the 26.5 interface (its lines are SDK 26)")
    parser.add_argument("--update", action="store_true",
                        help="rewrite the manifest's statuses from the package")
    parser.add_argument("--module", choices=list(TARGETS),
                        help="Apple's module to extract or check (default: check both)")
    parser.add_argument("--manifest",
                        help="this manifest, of --module (default FoundationModels)")
    parser.add_argument("--symbol-graph-dir", help="read symbol graphs from here instead of extracting them")
    parser.add_argument("--build-dir", help="the SwiftPM build folder to read (default .build/debug)")
    parser.add_argument("--list-extra", action="store_true", help="print package declarations Apple lacks")
    args = parser.parse_args()
    if args.extract:
        return command_extract(args.extract, args.baseline, args.module or "FoundationModels")
    apple_modules = [args.module or "FoundationModels"] if args.module or args.manifest else list(TARGETS)
    status = 0
    for index, module in enumerate(apple_modules):
        if index:
            print()
        manifest = Path(args.manifest) if args.manifest else TARGETS[module][0]
        status = max(status, command_check(args, module, manifest))
    return status


if __name__ == "__main__":
    sys.exit(main())
