"""Validates JSON instances against their JSON Schemas with the `jsonschema` package.

Reads JSON Lines from the file named by the first argument, each {"schema": ..., "instance": ...},
and prints one line per input: "ok", or "invalid: <first error>". The tests use it so that a
validator we did not write judges what guided generation produced.
"""

import json
import sys

import jsonschema


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            schema = case["schema"]
            validator_class = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
            validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
            errors = sorted(validator.iter_errors(case["instance"]), key=lambda error: list(error.path))
            print("ok" if not errors else "invalid: " + errors[0].message.replace("\n", " ")[:300])
    return 0


if __name__ == "__main__":
    sys.exit(main())
