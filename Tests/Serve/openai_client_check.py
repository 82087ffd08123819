#!/usr/bin/env python3
"""Conformance checks for an OpenAI-compatible Chat Completions server.

Drives the server with the OFFICIAL `openai` Python package (so the requests
and response parsing are exactly what real clients do) and validates
structured output with `jsonschema`.

Usage:
    python3 Tests/Serve/openai_client_check.py \
        --base-url http://127.0.0.1:8080/v1 --model MODEL_ID \
        [--api-key KEY] [--only plain,stream] [--skip-tools]

Every check prints one line, `PASS name: detail` or `FAIL name: reason`
(`SKIP name: reason` for checks left out by --skip-tools); the exit status is
1 when any check failed, 0 otherwise, 2 on bad arguments.

The checks are written for a tiny, weak model (e.g. SmolLM2-135M): they test
structure and validity (shapes, finish reasons, usage accounting, schema
validity, error classes), never whether an answer is semantically right.
Requests are greedy (temperature 0, seed 0) and short.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from typing import Any, Callable, Dict, List, Optional

try:
    import openai
    from openai import OpenAI
except ImportError:  # pragma: no cover - environment problem
    sys.stderr.write("error: the `openai` package is required "
                     "(pip install -r Tests/Serve/requirements.txt)\n")
    sys.exit(2)
try:
    import jsonschema
except ImportError:  # pragma: no cover - environment problem
    sys.stderr.write("error: the `jsonschema` package is required "
                     "(pip install -r Tests/Serve/requirements.txt)\n")
    sys.exit(2)


# --------------------------------------------------------------------------
# Shared request material
# --------------------------------------------------------------------------

GREEDY: Dict[str, Any] = {"temperature": 0, "seed": 0}
MAX_TOKENS = 48
# Tool calls get more room: a server that guarantees valid calls (fm serve) refuses a budget
# smaller than the shortest complete call in the model's format, instead of cutting it off.
TOOL_MAX_TOKENS = 128

SYSTEM = {"role": "system", "content": "You are a helpful assistant."}
# Not "What is the capital of France?": SmolLM2 puts its first two choices for that answer's
# first token 0.13 apart, so a prompt prefix reused from the server's cache can tip the greedy
# answer into French (see LiveServer.capitalQuestion in Tests/FMServerTests).
CAPITAL_MESSAGES = [
    SYSTEM,
    {"role": "user", "content": "Name the capital of France."},
]

CITY_SCHEMA: Dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "population": {"type": "integer", "minimum": 0},
        "country": {"type": "string"},
    },
    "required": ["name", "population", "country"],
    "additionalProperties": False,
}
CITY_FORMAT: Dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {"name": "city", "strict": True, "schema": CITY_SCHEMA},
}
CITY_MESSAGES = [
    {"role": "system", "content": "You answer with JSON only."},
    {"role": "user",
     "content": "Describe the city of Paris as JSON with its name, "
                "population and country."},
]

WEATHER_PARAMS: Dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name, e.g. Paris"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
    },
    "required": ["city"],
    "additionalProperties": False,
}
TIME_PARAMS: Dict[str, Any] = {
    "type": "object",
    "properties": {
        "timezone": {"type": "string",
                     "description": "IANA time zone, e.g. Europe/Paris"},
    },
    "required": ["timezone"],
    "additionalProperties": False,
}
WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather in a city.",
        "parameters": WEATHER_PARAMS,
    },
}
TIME_TOOL = {
    "type": "function",
    "function": {
        "name": "get_time",
        "description": "Get the current local time in a time zone.",
        "parameters": TIME_PARAMS,
    },
}
TOOL_SCHEMAS = {"get_weather": WEATHER_PARAMS, "get_time": TIME_PARAMS}
WEATHER_MESSAGES = [
    SYSTEM,
    {"role": "user", "content": "What's the weather in Paris?"},
]

# Something a grammar-constrained decoder typically cannot enforce: an
# unknown string `format` plus `patternProperties`.
UNSUPPORTED_SCHEMA: Dict[str, Any] = {
    "type": "object",
    "properties": {"a": {"type": "string", "format": "hostname-idn-xyz"}},
    "patternProperties": {"^x": {}},
}
UNSUPPORTED_KEYWORDS = ("patternProperties", "format", "hostname-idn-xyz")


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

class CheckFailed(Exception):
    """A check's expectation did not hold; the message says what differed."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def short(value: Any, limit: int = 120) -> str:
    text = value if isinstance(value, str) else repr(value)
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit] + f"...(+{len(text) - limit} chars)"


def describe_api_error(err: BaseException) -> str:
    if isinstance(err, openai.APIStatusError):
        return (f"{type(err).__name__} HTTP {err.status_code}: "
                f"{short(error_message(err), 300)}")
    if isinstance(err, openai.APIConnectionError):
        return f"{type(err).__name__}: {err} (is the server running at the base URL?)"
    return f"{type(err).__name__}: {short(str(err), 300)}"


def error_message(err: openai.APIStatusError) -> str:
    body = err.body
    if isinstance(body, dict) and isinstance(body.get("message"), str):
        return body["message"]
    if isinstance(body, str):
        return body
    return err.message


def error_envelope_problem(err: openai.APIStatusError) -> Optional[str]:
    """OpenAI errors are `{"error": {"message": str, "type": ..., ...}}`."""
    try:
        payload = err.response.json()
    except Exception:
        return f"error body is not JSON: {short(err.response.text)}"
    if not isinstance(payload, dict) or not isinstance(payload.get("error"), dict):
        return f'error body is not {{"error": {{...}}}}: {short(payload)}'
    if not isinstance(payload["error"].get("message"), str) or not payload["error"]["message"]:
        return f"error.message missing or empty: {short(payload)}"
    return None


def validate(instance: Any, schema: Dict[str, Any], what: str) -> None:
    try:
        jsonschema.validate(instance, schema)
    except jsonschema.ValidationError as err:
        path = "/".join(str(p) for p in err.absolute_path) or "(root)"
        raise CheckFailed(f"{what} does not validate at {path}: {err.message}; "
                          f"value {short(instance)}") from None


def parse_json(text: Optional[str], what: str) -> Any:
    expect(isinstance(text, str) and text != "", f"{what}: content is empty ({text!r})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CheckFailed(f"{what}: json.loads failed ({err}) on {short(text)}") from None


def check_usage(usage: Any, what: str, max_completion: Optional[int] = None) -> None:
    expect(usage is not None, f"{what}: usage is missing")
    expect(isinstance(usage.prompt_tokens, int) and usage.prompt_tokens > 0,
           f"{what}: usage.prompt_tokens={usage.prompt_tokens!r}, want > 0")
    expect(isinstance(usage.completion_tokens, int) and usage.completion_tokens > 0,
           f"{what}: usage.completion_tokens={usage.completion_tokens!r}, want > 0")
    expect(usage.total_tokens == usage.prompt_tokens + usage.completion_tokens,
           f"{what}: usage.total_tokens={usage.total_tokens!r} != prompt_tokens "
           f"{usage.prompt_tokens} + completion_tokens {usage.completion_tokens}")
    if max_completion is not None:
        expect(usage.completion_tokens <= max_completion,
               f"{what}: usage.completion_tokens={usage.completion_tokens} "
               f"exceeds max_tokens={max_completion}")


def only_choice(resp: Any, what: str) -> Any:
    """The single choice of a non-streamed response (n=1)."""
    choices = getattr(resp, "choices", None)
    expect(isinstance(choices, list) and len(choices) == 1,
           f"{what}: response has {len(choices) if isinstance(choices, list) else choices!r} "
           "choices, want exactly 1")
    return choices[0]


def collect(stream: Any) -> List[Any]:
    return [chunk for chunk in stream]


def stream_content(chunks: List[Any]) -> str:
    parts = []
    for chunk in chunks:
        for choice in chunk.choices or []:
            if choice.delta is not None and choice.delta.content:
                parts.append(choice.delta.content)
    return "".join(parts)


def check_chunk_shapes(chunks: List[Any], what: str) -> None:
    expect(len(chunks) > 0, f"{what}: the stream produced no chunks")
    ids = {chunk.id for chunk in chunks}
    expect(len(ids) == 1, f"{what}: chunks carry different ids: {sorted(ids)[:4]}")
    chunk_id = next(iter(ids))
    expect(isinstance(chunk_id, str) and chunk_id.startswith("chatcmpl-"),
           f"{what}: chunk id {chunk_id!r} does not start with 'chatcmpl-'")
    objects = {chunk.object for chunk in chunks}
    expect(objects == {"chat.completion.chunk"},
           f"{what}: chunk object is {sorted(map(str, objects))}, want 'chat.completion.chunk'")


def validate_tool_calls(message: Any, allowed: List[str]) -> List[str]:
    """Validate message.tool_calls (ids, type, names, JSON arguments); returns the names."""
    calls = message.tool_calls or []
    expect(len(calls) > 0, f"message.tool_calls is empty; content={short(message.content)}")
    names = []
    for index, call in enumerate(calls):
        where = f"tool_calls[{index}]"
        expect(isinstance(call.id, str) and call.id != "", f"{where}.id is empty ({call.id!r})")
        expect(call.type == "function", f"{where}.type is {call.type!r}, want 'function'")
        fn = call.function
        expect(fn is not None, f"{where}.function is missing")
        expect(fn.name in allowed, f"{where}.function.name is {fn.name!r}, want one of {allowed}")
        args = parse_json(fn.arguments, f"{where}.function.arguments")
        expect(isinstance(args, dict), f"{where}.function.arguments is not a JSON object: {short(args)}")
        validate(args, TOOL_SCHEMAS[fn.name], f"{where} arguments for {fn.name}")
        names.append(fn.name)
    ids = [call.id for call in calls]
    expect(len(set(ids)) == len(ids), f"tool call ids are not unique: {ids}")
    return names


# --------------------------------------------------------------------------
# Context
# --------------------------------------------------------------------------

class Context:
    def __init__(self, args: argparse.Namespace) -> None:
        self.base_url: str = args.base_url
        self.model: str = args.model
        self.api_key: str = args.api_key
        self.timeout: float = args.timeout
        self.client = self.make_client(self.api_key)
        self._reference: Any = None

    def make_client(self, api_key: str) -> OpenAI:
        return OpenAI(base_url=self.base_url, api_key=api_key,
                      max_retries=0, timeout=self.timeout)

    @property
    def has_key(self) -> bool:
        return self.api_key != "none"

    def chat(self, **kwargs: Any) -> Any:
        kwargs.setdefault("model", self.model)
        return self.client.chat.completions.create(**kwargs)

    def reference(self) -> Any:
        """The non-streamed greedy answer to CAPITAL_MESSAGES (computed once)."""
        if self._reference is None:
            self._reference = self.chat(messages=CAPITAL_MESSAGES,
                                        max_tokens=MAX_TOKENS, **GREEDY)
        return self._reference


# --------------------------------------------------------------------------
# Checks: each returns a detail string or raises CheckFailed
# --------------------------------------------------------------------------

def check_plain(ctx: Context) -> str:
    resp = ctx.reference()
    expect(isinstance(resp.id, str) and resp.id.startswith("chatcmpl-"),
           f"id {resp.id!r} does not start with 'chatcmpl-'")
    expect(resp.object == "chat.completion", f"object is {resp.object!r}, want 'chat.completion'")
    expect(isinstance(resp.created, int) and resp.created > 0, f"created is {resp.created!r}")
    expect(isinstance(resp.model, str) and resp.model != "", f"model is {resp.model!r}")
    choice = only_choice(resp, "plain")
    expect(choice.index == 0, f"choices[0].index is {choice.index!r}, want 0")
    expect(choice.message.role == "assistant",
           f"choices[0].message.role is {choice.message.role!r}, want 'assistant'")
    content = choice.message.content
    expect(isinstance(content, str) and content.strip() != "",
           f"choices[0].message.content is empty ({content!r})")
    expect(choice.finish_reason in ("stop", "length"),
           f"finish_reason is {choice.finish_reason!r}, want 'stop' or 'length'")
    expect(not choice.message.tool_calls,
           f"unexpected tool_calls without tools: {choice.message.tool_calls!r}")
    check_usage(resp.usage, "plain", max_completion=MAX_TOKENS)
    u = resp.usage
    return (f"finish={choice.finish_reason} usage={u.prompt_tokens}+{u.completion_tokens}"
            f"={u.total_tokens} content={short(content, 60)}")


def check_length(ctx: Context) -> str:
    messages = [SYSTEM, {"role": "user", "content":
                         "Write a very long story about a dragon who learns to bake bread. "
                         "Make it at least ten paragraphs long."}]
    details = []
    for param in ("max_tokens", "max_completion_tokens"):
        resp = ctx.chat(messages=messages, **{param: 3}, **GREEDY)
        choice = only_choice(resp, f"{param}=3")
        expect(choice.finish_reason == "length",
               f"{param}=3: finish_reason is {choice.finish_reason!r}, want 'length' "
               f"(content={short(choice.message.content)})")
        check_usage(resp.usage, f"{param}=3", max_completion=3)
        details.append(f"{param}=3 -> length, completion_tokens={resp.usage.completion_tokens}")
    return "; ".join(details)


def check_stream(ctx: Context) -> str:
    reference = ctx.reference()
    ref_choice = only_choice(reference, "non-streamed reference")
    ref_content = ref_choice.message.content
    ref_finish = ref_choice.finish_reason
    chunks = collect(ctx.chat(messages=CAPITAL_MESSAGES, max_tokens=MAX_TOKENS,
                              stream=True, **GREEDY))
    check_chunk_shapes(chunks, "stream")
    with_usage = [i for i, c in enumerate(chunks) if c.usage is not None]
    if with_usage:
        raise CheckFailed(f"without stream_options, chunk(s) {with_usage} of {len(chunks)} "
                          f"carry usage (e.g. {chunks[with_usage[0]].usage!r}); "
                          "usage must be absent/null")
    choice_chunks = [c for c in chunks if c.choices]
    expect(len(choice_chunks) == len(chunks),
           f"{len(chunks) - len(choice_chunks)} chunk(s) have empty choices without include_usage")
    for c in choice_chunks:
        expect(len(c.choices) == 1 and c.choices[0].index == 0,
               f"chunk has choices {[ch.index for ch in c.choices]}, want exactly index 0")
    first = choice_chunks[0].choices[0]
    expect(first.delta.role == "assistant",
           f"first chunk's delta.role is {first.delta.role!r}, want 'assistant'")
    content_chunks = [c for c in choice_chunks if c.choices[0].delta.content]
    expect(len(content_chunks) >= 2,
           f"only {len(content_chunks)} chunk(s) carry content; want >= 2 (token streaming)")
    last = choice_chunks[-1].choices[0]
    expect(last.finish_reason is not None,
           "the last choice chunk has no finish_reason")
    early = [i for i, c in enumerate(choice_chunks[:-1]) if c.choices[0].finish_reason is not None]
    expect(not early, f"finish_reason set before the last choice chunk (chunk indices {early})")
    expect(last.finish_reason == ref_finish,
           f"streamed finish_reason {last.finish_reason!r} != non-streamed {ref_finish!r}")
    content = stream_content(chunks)
    expect(content == ref_content,
           f"streamed content differs from the non-streamed greedy answer:\n"
           f"    stream: {short(content, 200)}\n    plain:  {short(ref_content, 200)}")
    return (f"{len(chunks)} chunks, {len(content_chunks)} with content, "
            f"finish={last.finish_reason}, matches non-streamed answer")


def check_stream_usage(ctx: Context) -> str:
    chunks = collect(ctx.chat(messages=CAPITAL_MESSAGES, max_tokens=MAX_TOKENS, stream=True,
                              stream_options={"include_usage": True}, **GREEDY))
    check_chunk_shapes(chunks, "stream_usage")
    with_usage = [i for i, c in enumerate(chunks) if c.usage is not None]
    expect(len(with_usage) == 1,
           f"{len(with_usage)} chunk(s) carry usage (indices {with_usage} of {len(chunks)}), want exactly 1")
    expect(with_usage[0] == len(chunks) - 1,
           f"the usage chunk is chunk {with_usage[0]} but the stream has {len(chunks)} chunks; "
           "it must be the last")
    final = chunks[-1]
    expect(final.choices == [],
           f"the usage chunk has choices {final.choices!r}, want []")
    empty_choice = [i for i, c in enumerate(chunks[:-1]) if not c.choices]
    expect(not empty_choice, f"chunk(s) {empty_choice} before the usage chunk have empty choices")
    check_usage(final.usage, "stream_usage final chunk", max_completion=MAX_TOKENS)
    streamed_finish = [c.choices[0].finish_reason for c in chunks[:-1] if c.choices[0].finish_reason]
    expect(len(streamed_finish) == 1,
           f"{len(streamed_finish)} choice chunks carry a finish_reason, want 1")
    ref = ctx.reference().usage
    u = final.usage
    expect((u.prompt_tokens, u.completion_tokens) == (ref.prompt_tokens, ref.completion_tokens),
           f"streamed usage {u.prompt_tokens}+{u.completion_tokens} != non-streamed usage "
           f"{ref.prompt_tokens}+{ref.completion_tokens} for the same greedy request")
    return (f"{len(chunks)} chunks; last has choices=[] and usage="
            f"{u.prompt_tokens}+{u.completion_tokens}={u.total_tokens}")


def check_json_schema(ctx: Context) -> str:
    resp = ctx.chat(messages=CITY_MESSAGES, response_format=CITY_FORMAT, max_tokens=128, **GREEDY)
    choice = only_choice(resp, "response")
    value = parse_json(choice.message.content,
                       f"non-streamed (finish_reason={choice.finish_reason})")
    validate(value, CITY_SCHEMA, "non-streamed content")
    chunks = collect(ctx.chat(messages=CITY_MESSAGES, response_format=CITY_FORMAT,
                              max_tokens=128, stream=True, **GREEDY))
    check_chunk_shapes(chunks, "streamed json_schema")
    text = stream_content(chunks)
    streamed = parse_json(text, "streamed")
    validate(streamed, CITY_SCHEMA, "streamed content")
    return f"plain and streamed validate: {short(choice.message.content, 80)}"


def check_json_object(ctx: Context) -> str:
    messages = [
        {"role": "system", "content": "You answer with JSON only."},
        {"role": "user", "content":
         "Return a JSON object describing a person with the keys \"name\" and \"age\"."},
    ]
    resp = ctx.chat(messages=messages, response_format={"type": "json_object"},
                    max_tokens=96, **GREEDY)
    choice = only_choice(resp, "response")
    value = parse_json(choice.message.content, f"content (finish_reason={choice.finish_reason})")
    expect(isinstance(value, dict),
           f"json.loads gave {type(value).__name__}, want a JSON object: {short(value)}")
    return f"object with keys {sorted(value)[:6]}"


def check_tools(ctx: Context) -> str:
    resp = ctx.chat(messages=WEATHER_MESSAGES, tools=[WEATHER_TOOL], tool_choice="required",
                    max_tokens=TOOL_MAX_TOKENS, **GREEDY)
    choice = only_choice(resp, "response")
    expect(choice.finish_reason == "tool_calls",
           f"tool_choice=required: finish_reason is {choice.finish_reason!r}, want 'tool_calls' "
           f"(content={short(choice.message.content)}, tool_calls={choice.message.tool_calls!r})")
    expect(choice.message.role == "assistant", f"message.role is {choice.message.role!r}")
    names = validate_tool_calls(choice.message, ["get_weather"])
    calls = choice.message.tool_calls
    first_args = calls[0].function.arguments

    # Round trip: the assistant's tool calls plus one tool result per call.
    messages: List[Dict[str, Any]] = list(WEATHER_MESSAGES)
    messages.append({
        "role": "assistant",
        "content": choice.message.content,
        "tool_calls": [{"id": c.id, "type": "function",
                        "function": {"name": c.function.name,
                                     "arguments": c.function.arguments}} for c in calls],
    })
    for call in calls:
        messages.append({"role": "tool", "tool_call_id": call.id,
                         "content": "{\"temperature\": 21, \"unit\": \"celsius\"}"})
    follow = ctx.chat(messages=messages, tools=[WEATHER_TOOL], tool_choice="none",
                      max_tokens=MAX_TOKENS, **GREEDY)
    fchoice = only_choice(follow, "round trip")
    expect(not fchoice.message.tool_calls,
           f"round trip with tool_choice=none returned tool_calls {fchoice.message.tool_calls!r}")
    expect(fchoice.finish_reason in ("stop", "length"),
           f"round trip: finish_reason is {fchoice.finish_reason!r}, want 'stop' or 'length'")
    expect(isinstance(fchoice.message.content, str) and fchoice.message.content.strip() != "",
           f"round trip: content is empty ({fchoice.message.content!r})")
    check_usage(follow.usage, "round trip", max_completion=MAX_TOKENS)
    return (f"{len(names)} call(s) {names} args={short(first_args, 60)}; "
            f"round trip answer={short(fchoice.message.content, 50)}")


def check_tool_choice_named(ctx: Context) -> str:
    resp = ctx.chat(messages=WEATHER_MESSAGES, tools=[WEATHER_TOOL, TIME_TOOL],
                    tool_choice={"type": "function", "function": {"name": "get_time"}},
                    max_tokens=TOOL_MAX_TOKENS, **GREEDY)
    choice = only_choice(resp, "response")
    # OpenAI itself reports "stop" when a specific function is forced, and
    # "tool_calls" otherwise; both are accepted here.
    expect(choice.finish_reason in ("tool_calls", "stop"),
           f"finish_reason is {choice.finish_reason!r}, want 'tool_calls' (or 'stop') "
           f"(content={short(choice.message.content)})")
    expect(choice.message.tool_calls,
           f"no tool_calls; content={short(choice.message.content)}")
    names = validate_tool_calls(choice.message, ["get_time"])
    return (f"called {names} with {short(choice.message.tool_calls[0].function.arguments, 60)}, "
            f"finish={choice.finish_reason}")


def check_models(ctx: Context) -> str:
    page = ctx.client.models.list()
    models = list(page)
    ids = [m.id for m in models]
    expect(ctx.model in ids, f"model {ctx.model!r} not in /models ids {ids}")
    bad = [m.id for m in models if m.object != "model"]
    expect(not bad, f"models with object != 'model': {bad}")
    return f"{len(ids)} model(s): {short(ids, 80)}"


def check_errors(ctx: Context) -> str:
    failures: List[str] = []
    passed: List[str] = []

    def expect_error(name: str, cls: type, status: int, call: Callable[[], Any],
                     keywords: Optional[tuple] = None) -> None:
        try:
            result = call()
            if isinstance(result, openai.Stream):
                list(result)  # drain a stream (an error event would raise here)
        except cls as err:  # type: ignore[misc]
            problems = []
            if err.status_code != status:
                problems.append(f"HTTP {err.status_code}, want {status}")
            envelope = error_envelope_problem(err)
            if envelope:
                problems.append(envelope)
            if keywords and not any(k in error_message(err) for k in keywords):
                problems.append(f"message {short(error_message(err))!r} names none of {list(keywords)}")
            if problems:
                failures.append(f"{name}: {type(err).__name__} but " + "; ".join(problems))
            else:
                passed.append(name)
            return
        except openai.APIError as err:
            failures.append(f"{name}: want {cls.__name__} ({status}), got {describe_api_error(err)}")
            return
        failures.append(f"{name}: want {cls.__name__} ({status}), but the request succeeded")

    user = [{"role": "user", "content": "Hi"}]
    expect_error("unknown model -> 404", openai.NotFoundError, 404,
                 lambda: ctx.chat(model="no-such-model-xyz", messages=user, max_tokens=1))
    expect_error("empty messages -> 400", openai.BadRequestError, 400,
                 lambda: ctx.chat(messages=[], max_tokens=1))
    expect_error("empty messages, stream=True -> 400", openai.BadRequestError, 400,
                 lambda: ctx.chat(messages=[], max_tokens=1, stream=True))
    expect_error("role 'robot' -> 400", openai.BadRequestError, 400,
                 lambda: ctx.chat(messages=[{"role": "robot", "content": "Hi"}], max_tokens=1))
    expect_error("n=2 -> 400", openai.BadRequestError, 400,
                 lambda: ctx.chat(messages=user, n=2, max_tokens=1))
    if ctx.has_key:
        wrong = ctx.make_client("wrong-key")
        expect_error("wrong api key -> 401", openai.AuthenticationError, 401,
                     lambda: wrong.chat.completions.create(model=ctx.model, messages=user,
                                                           max_tokens=1))

    # Unsupported schema: a 400 naming the keyword, or a 200 whose content
    # validates. Anything else fails.
    name = "unsupported schema -> 400 naming keyword or valid 200"
    try:
        resp = ctx.chat(
            messages=[{"role": "user", "content": "Give me a JSON object."}],
            response_format={"type": "json_schema",
                             "json_schema": {"name": "odd", "schema": UNSUPPORTED_SCHEMA}},
            max_tokens=64, **GREEDY)
    except openai.BadRequestError as err:
        message = error_message(err)
        if any(k in message for k in UNSUPPORTED_KEYWORDS):
            passed.append(name.replace("400 naming keyword or valid 200", "400"))
        else:
            failures.append(f"{name}: 400 but the message names none of "
                            f"{list(UNSUPPORTED_KEYWORDS)}: {short(message)}")
    except openai.APIError as err:
        failures.append(f"{name}: got {describe_api_error(err)}")
    else:
        try:
            choice = only_choice(resp, "200 response")
            value = parse_json(choice.message.content,
                               f"200 content (finish_reason={choice.finish_reason})")
            validate(value, UNSUPPORTED_SCHEMA, "200 content")
            passed.append(name.replace("400 naming keyword or valid 200", "valid 200"))
        except CheckFailed as err:
            failures.append(f"{name}: {err}")

    if failures:
        ok = f" (passed: {'; '.join(passed)})" if passed else ""
        raise CheckFailed(f"{len(failures)} of {len(failures) + len(passed)} failed: "
                          + " | ".join(failures) + ok)
    return "; ".join(passed)


CHECKS: List[tuple] = [
    ("plain", check_plain),
    ("length", check_length),
    ("stream", check_stream),
    ("stream_usage", check_stream_usage),
    ("json_schema", check_json_schema),
    ("json_object", check_json_object),
    ("tools", check_tools),
    ("tool_choice_named", check_tool_choice_named),
    ("models", check_models),
    ("errors", check_errors),
]
TOOL_CHECKS = {"tools", "tool_choice_named"}


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True, help="e.g. http://127.0.0.1:8080/v1")
    parser.add_argument("--model", required=True, help="model id to request")
    parser.add_argument("--api-key", default="none",
                        help='API key the server expects ("none": the server has no key, '
                             "so the wrong-key check is skipped)")
    parser.add_argument("--only", default="",
                        help="comma-separated subset of checks: " + ",".join(n for n, _ in CHECKS))
    parser.add_argument("--skip-tools", action="store_true",
                        help="skip the tool-call checks (servers that do not enforce tool calls)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="per-request timeout in seconds (default 120)")
    parser.add_argument("--traceback", action="store_true",
                        help="print a traceback for unexpected exceptions")
    args = parser.parse_args(argv)

    known = [n for n, _ in CHECKS]
    selected = known
    if args.only:
        selected = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in selected if n not in known]
        if unknown:
            parser.error(f"unknown check(s) {unknown}; known: {known}")

    ctx = Context(args)
    failed = 0
    for name, fn in CHECKS:
        if name not in selected:
            continue
        if args.skip_tools and name in TOOL_CHECKS:
            print(f"SKIP {name}: --skip-tools", flush=True)
            continue
        start = time.monotonic()
        try:
            detail = fn(ctx)
            print(f"PASS {name}: {detail} ({time.monotonic() - start:.1f}s)", flush=True)
        except CheckFailed as err:
            failed += 1
            print(f"FAIL {name}: {err}", flush=True)
        except openai.APIError as err:
            failed += 1
            print(f"FAIL {name}: request failed: {describe_api_error(err)}", flush=True)
        except Exception as err:  # a malformed response the SDK could not handle, etc.
            failed += 1
            print(f"FAIL {name}: unexpected {type(err).__name__}: {short(str(err), 300)}",
                  flush=True)
            if args.traceback:
                traceback.print_exc()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
