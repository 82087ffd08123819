"""Random templates for the ChatTemplates differential fixtures (see render_chat_fixtures.py).

Three generators, each seeded so that the fixture is reproducible: expressions over the snippet
context (operators, filters, tests, methods), whitespace control (tag signs, trim/lstrip, raw,
comments) and scoping (set/for/if/macro/with/block-set frames). jinja2 renders each; our engine
must produce the same text, or fail where jinja2 fails.
"""

import random

CONTEXT_EXTRA = {"x": "X", "y": "Y"}


def expressions(rng, count):
    atoms = ["n", "f", "s", "l", "d", "e", "z", "nn", "t", "u8", "msgs", "msgs[0]", "d.a", "l[0]", "1", "0", "-2",
             "2.5", "0.1", "'ab'", "''", "'A b'", "[1, 'x']", "[]", "{'k': 1}", "none", "true", "false",
             "undefined_thing", "(1, 2)", "'%s'", "d['items']", "s[1:]", "l[::-1]", "1e3", "3 // 2"]
    binops = ["+", "-", "*", "/", "//", "%", "~", "==", "!=", "<", ">=", "in", "not in", "and", "or", "**"]
    filters = ["length", "upper", "lower", "trim", "first", "last", "list", "string", "int", "float", "abs", "tojson",
               "join(',')", "default('D')", "default('D', true)", "reverse | list", "sort", "unique | list",
               "capitalize", "title", "replace('a', 'b')", "round", "items | list", "select | list",
               "map('string') | list", "count", "indent(2)", "e", "safe", "sum", "min", "max", "tojson(indent=1)",
               "dictsort"]
    tests = ["defined", "none", "string", "number", "integer", "mapping", "iterable", "sequence", "boolean", "odd",
             "even", "true", "false", "undefined", "callable", "lower", "upper"]
    methods = [".upper()", ".lower()", ".strip()", ".split()", ".startswith('a')", ".title()", ".replace('l', 'L')",
               ".get('a')", ".items() | list", ".keys() | list", ".count(1)", ".index(1)", ".endswith('d')",
               ".find('l')"]

    def expr(depth=0):
        r = rng.random()
        if depth > 2 or r < 0.3:
            return rng.choice(atoms)
        if r < 0.5:
            return f"({expr(depth + 1)} {rng.choice(binops)} {expr(depth + 1)})"
        if r < 0.65:
            return f"({expr(depth + 1)} | {rng.choice(filters)})"
        if r < 0.75:
            return f"({expr(depth + 1)} is {rng.choice(['', 'not '])}{rng.choice(tests)})"
        if r < 0.85:
            return f"{rng.choice(atoms)}{rng.choice(methods)}"
        if r < 0.92:
            return f"(not {expr(depth + 1)})"
        return f"({expr(depth + 1)} if {expr(depth + 1)} else {expr(depth + 1)})"

    return ["{{ " + expr() + " }}" for _ in range(count)]


def whitespace(rng, count):
    texts = ["", " ", "  ", "\n", "\n\n", " \n ", "\t", "a", "b c", "x\n  ", "\n  y", "  \n", "\r\n", " \t\n\t "]

    def sign():
        return rng.choice(["", "", "-", "+"])

    def tag(body):
        return "{%" + sign() + " " + body + " " + sign() + "%}"

    def var():
        return "{{" + rng.choice(["", "-"]) + " " + rng.choice(["'v'", "1", "x", "' s '"]) + " " + rng.choice(["", "-"]) + "}}"

    def comment():
        return "{#" + rng.choice(["", "-"]) + " c " + rng.choice(["", "-", "+"]) + "#}"

    def block(depth=0):
        parts = []
        for _ in range(rng.randint(1, 4)):
            parts.append(rng.choice(texts))
            r = rng.random()
            if r < 0.25:
                parts.append(var())
            elif r < 0.35:
                parts.append(comment())
            elif r < 0.5:
                parts.append(tag("set x = 1"))
            elif r < 0.7 and depth < 2:
                parts.append(tag("if true") + block(depth + 1) + rng.choice(["", tag("else") + block(depth + 1)]) + tag("endif"))
            elif r < 0.85 and depth < 2:
                parts.append(tag("for i in [1, 2]") + block(depth + 1) + tag("endfor"))
            elif r < 0.9:
                parts.append("{%" + sign() + " raw " + rng.choice(["", "-"]) + "%}" + rng.choice(texts) + "{{ x }}"
                             + rng.choice(texts) + "{%" + sign() + " endraw " + sign() + "%}")
        parts.append(rng.choice(texts))
        return "".join(parts)

    return [block() for _ in range(count)]


def scoping(rng, count):
    names = ["x", "y", "z"]

    def value():
        return rng.choice(["1", "'s'", "x", "y ~ '!'", "none", "z | default('d')", "loop.index if loop is defined else 0", "ns.v"])

    def statement(depth):
        r = rng.random()
        name = rng.choice(names)
        if r < 0.2:
            return "{{ " + name + " }}"
        if r < 0.35:
            return "{% set " + name + " = " + value() + " %}"
        if r < 0.42:
            return "{% set ns.v = " + value() + " %}"
        if r < 0.55 and depth < 3:
            return ("{% if " + rng.choice(["true", "false", name, name + " is defined"]) + " %}" + body(depth + 1)
                    + rng.choice(["", "{% elif " + name + " %}" + body(depth + 1), "{% else %}" + body(depth + 1)]) + "{% endif %}")
        if r < 0.68 and depth < 3:
            return ("{% for " + rng.choice(["i", name]) + " in [1, 2] " + rng.choice(["", "if " + name + " is defined"]) + " %}"
                    + body(depth + 1) + rng.choice(["", "{% else %}" + body(depth + 1)]) + "{% endfor %}")
        if r < 0.74 and depth < 3:
            macro = "m" + str(depth)
            return "{% macro " + macro + "(a=" + value() + ") %}" + body(depth + 1) + "{% endmacro %}{{ " + macro + "() }}"
        if r < 0.8 and depth < 3:
            return "{% set " + name + " %}" + body(depth + 1) + "{% endset %}[{{ " + name + " }}]"
        if r < 0.86 and depth < 3:
            return "{% with " + name + " = " + value() + " %}" + body(depth + 1) + "{% endwith %}"
        if r < 0.9 and depth < 3:
            return "{% filter upper %}" + body(depth + 1) + "{% endfilter %}"
        return rng.choice(["|", ".", "{{ loop.index if loop is defined }}"])

    def body(depth):
        return "".join(statement(depth) for _ in range(rng.randint(1, 4)))

    return ["{% set ns = namespace(v=0) %}" + body(0) for _ in range(count)]


def fuzz_templates(count_each=250):
    return (expressions(random.Random(1), count_each) + whitespace(random.Random(2), count_each)
            + scoping(random.Random(3), count_each))
