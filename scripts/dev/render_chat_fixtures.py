#!/usr/bin/env python3
"""Renders the ChatTemplates test fixtures with the reference implementation (Python jinja2).

The Swift tests compare our renderer with these outputs byte for byte, so they need no Python.

What it reads and writes (all under Tests/ChatTemplatesTests/Fixtures/):
  templates/<name>.jinja      chat templates (committed data; see TEMPLATES below for their origin)
  templates.json              written: name, file, bos_token, eos_token, origin of each template
  conversations.json          written: the conversations below, in ChatMessage's exact dictionary shape
  expected/<name>/<conv>.txt  written: the rendered prompt (for conversations marked
                              continue_final_message, as apply_chat_template(continue_final_message=True)), or
  expected/<name>/<conv>.error.json  written: {"kind": "raised"|"error", "message": ...} when jinja2 raised
  snippets.json               written: small templates (the expression language, whitespace control,
                              errors) with the shared context and their output or error
  fuzz.json                   written: seeded random templates (chat_fixture_fuzz.py), same format

Usage:
  python3 -m venv /tmp/tpl-venv && /tmp/tpl-venv/bin/pip install jinja2==3.1.6
  /tmp/tpl-venv/bin/python scripts/dev/render_chat_fixtures.py
  # To refresh a template from a GGUF file (needs `pip install gguf`):
  /tmp/tpl-venv/bin/python scripts/dev/render_chat_fixtures.py --gguf model.gguf --name Some-Model

The environment mirrors transformers' `_compile_jinja_template` (transformers 4.4x/5.x):
ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[AssistantTracker,
loopcontrols]) with its `tojson`, `raise_exception`, `strftime_now`, `dict` and `namespace`, and the
render call of `render_jinja_template`: messages, tools (None when absent), documents=None,
add_generation_prompt, then bos_token/eos_token and extra keyword arguments.
"""

import argparse
import datetime
import json
import os
import sys

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "ChatTemplatesTests", "Fixtures")

# 2024-07-26 12:00:00 UTC. Noon UTC keeps the calendar date the same in time zones from UTC-11 to
# UTC+11, so date-only strftime formats render identically wherever the Swift tests run.
FIXED_TIMESTAMP = 1721995200


def make_environment():
    class GenerationTag(jinja2.ext.Extension):
        # transformers' AssistantTracker: {% generation %}...{% endgeneration %} renders its body.
        tags = {"generation"}

        def parse(self, parser):
            lineno = next(parser.stream).lineno
            body = parser.parse_statements(["name:endgeneration"], drop_needle=True)
            return jinja2.nodes.CallBlock(self.call_method("_render"), [], [], body).set_lineno(lineno)

        def _render(self, caller):
            return caller()

    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(format):
        return datetime.datetime.fromtimestamp(FIXED_TIMESTAMP).strftime(format)

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[GenerationTag, jinja2.ext.loopcontrols]
    )
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    env.globals["dict"] = lambda *args, **kwargs: dict(*args, **kwargs)
    return env


# name -> (bos_token, eos_token, origin). The .jinja files are the models' `chat_template` data.
LLAMA_CPP = "ggml-org/llama.cpp models/templates (copied from the model's tokenizer_config.json)"
TEMPLATES = {
    "SmolLM2-135M-Instruct": ("<|im_start|>", "<|im_end|>", "GGUF SmolLM2-135M-Instruct-Q4_1.gguf tokenizer.chat_template"),
    "Qwen2.5-Coder-0.5B-Instruct": ("<|endoftext|>", "<|im_end|>", "GGUF Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf tokenizer.chat_template"),
    "Qwen3-0.6B": ("<|endoftext|>", "<|im_end|>", LLAMA_CPP),
    "Qwen3-Coder": ("<|endoftext|>", "<|im_end|>", LLAMA_CPP),
    "QwQ-32B": ("<|endoftext|>", "<|im_end|>", LLAMA_CPP),
    "Llama-3.1-8B-Instruct": ("<|begin_of_text|>", "<|eot_id|>", LLAMA_CPP),
    "Llama-3.2-3B-Instruct": ("<|begin_of_text|>", "<|eot_id|>", LLAMA_CPP),
    "Mistral-Nemo-Instruct-2407": ("<s>", "</s>", LLAMA_CPP),
    "Mistral-Small-3.2-24B-Instruct-2506": ("<s>", "</s>", LLAMA_CPP),
    "Mixtral-8x7B-Instruct-v0.1": ("<s>", "</s>", "mistralai/Mixtral-8x7B-Instruct-v0.1 tokenizer_config.json"),
    "gemma-2-2b-it": ("<bos>", "<eos>", LLAMA_CPP),
    "gemma-3-it": ("<bos>", "<eos>", "google/gemma-3-*-it tokenizer_config.json"),
    "gemma-4-31B-it": ("<bos>", "<eos>", LLAMA_CPP),
    "Phi-3.5-mini-instruct": ("<s>", "<|endoftext|>", LLAMA_CPP),
    "phi-4": ("<|endoftext|>", "<|im_end|>", "microsoft/phi-4 tokenizer_config.json"),
    "Hermes-2-Pro-Llama-3-8B-tool_use": ("<|begin_of_text|>", "<|im_end|>", LLAMA_CPP),
    "DeepSeek-R1-Distill-Qwen-32B": ("<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", LLAMA_CPP),
    "DeepSeek-V3.1": ("<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", LLAMA_CPP),
    "granite-3.3-2b-instruct": ("<|end_of_text|>", "<|end_of_text|>", LLAMA_CPP),
    "SmolLM3-3B": ("<|im_start|>", "<|im_end|>", LLAMA_CPP),
    "functionary-medium-v3.1": ("<|begin_of_text|>", "<|eot_id|>", LLAMA_CPP),
    "functionary-medium-v3.2": ("<|begin_of_text|>", "<|eot_id|>", LLAMA_CPP),
    "c4ai-command-r7b-12-2024-tool_use": ("<BOS_TOKEN>", "<|END_OF_TURN_TOKEN|>", LLAMA_CPP),
    "gpt-oss-120b": ("<|startoftext|>", "<|return|>", LLAMA_CPP),
    "Seed-OSS": ("<seed:bos>", "<seed:eos>", LLAMA_CPP),
    "Kimi-K2-Instruct": ("[BOS]", "[EOS]", LLAMA_CPP),
    "GLM-4.6": ("", "<|endoftext|>", LLAMA_CPP),
    "LFM2-8B-A1B": ("<|startoftext|>", "<|im_end|>", LLAMA_CPP),
}

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather for a city.",
    "parameters": {"type": "object", "properties": {
        "city": {"type": "string", "description": "The city, e.g. Paris"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["city"]}}}
SEARCH = {"type": "function", "function": {
    "name": "search", "description": "Search the web — returns «snippets».",
    "parameters": {"type": "object", "properties": {
        "query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "default": 5},
        "safe": {"type": "boolean"}}, "required": ["query"]}}}


def call(call_id, name, arguments):
    # ChatMessage.ToolCall's dictionary shape, in its key order.
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


# Messages use ChatMessage.templateValue's key order: role, content, name, tool_calls, tool_call_id.
CONVERSATIONS = {
    "single_user": {"messages": [{"role": "user", "content": "Hello!"}], "add_generation_prompt": True},
    "single_user_no_prompt": {"messages": [{"role": "user", "content": "Hello!"}], "add_generation_prompt": False},
    "system_multi_turn": {"messages": [
        {"role": "system", "content": "You are a concise assistant."},
        {"role": "user", "content": "What is 2+2?"},
        {"role": "assistant", "content": "4."},
        {"role": "user", "content": "And 3+3?"}], "add_generation_prompt": True},
    "no_system_multi_turn": {"messages": [
        {"role": "user", "content": "Name a color."},
        {"role": "assistant", "content": "Blue."},
        {"role": "user", "content": "Another one."},
        {"role": "assistant", "content": "Green."}], "add_generation_prompt": False},
    "special_characters": {"messages": [
        {"role": "system", "content": "Réponds en français. 日本語も OK. Emoji: 👍🏽 — \"quotes\" and 'apostrophes'."},
        {"role": "user", "content": "  Path: C:\\Users\\me\\file.txt\nTabs:\there\n{{ not a tag }} {% neither %}  "},
        {"role": "assistant", "content": "Line one\n\nLine three with trailing spaces   "},
        {"role": "user", "content": "JSON: {\"a\": [1, 2], \"b\": null} and <tags> & ampersands"}],
        "add_generation_prompt": True},
    "tools_defined": {"messages": [
        {"role": "system", "content": "You can call tools."},
        {"role": "user", "content": "What's the weather in Paris?"}],
        "tools": [WEATHER, SEARCH], "add_generation_prompt": True},
    "tools_no_system": {"messages": [{"role": "user", "content": "Search for swift jinja."}],
        "tools": [SEARCH], "add_generation_prompt": True},
    "tool_call_round_trip": {"messages": [
        {"role": "system", "content": "You can call tools."},
        {"role": "user", "content": "What's the weather in Paris?"},
        {"role": "assistant", "content": "", "tool_calls": [
            call("A1b2C3d4E", "get_weather", {"city": "Paris", "unit": "celsius"})]},
        {"role": "tool", "content": "{\"temperature\": 21, \"condition\": \"sunny\"}", "name": "get_weather",
         "tool_call_id": "A1b2C3d4E"},
        {"role": "assistant", "content": "It is 21 °C and sunny in Paris."},
        {"role": "user", "content": "Thanks!"}], "tools": [WEATHER], "add_generation_prompt": True},
    "tool_call_without_content": {"messages": [
        {"role": "user", "content": "What's the weather in Oslo?"},
        {"role": "assistant", "tool_calls": [call("Z9y8X7w6V", "get_weather", {"city": "Oslo"})]},
        {"role": "tool", "content": "-3", "tool_call_id": "Z9y8X7w6V"}],
        "tools": [WEATHER], "add_generation_prompt": True},
    "parallel_tool_calls": {"messages": [
        {"role": "user", "content": "Weather in Paris and Tokyo, and search for umbrellas."},
        {"role": "assistant", "content": "", "tool_calls": [
            call("pAr1s0001", "get_weather", {"city": "Paris"}),
            call("t0ky00002", "get_weather", {"city": "東京", "unit": "celsius"}),
            call("uMbr3lla3", "search", {"query": "umbrella \"best\" 2024", "limit": 3, "safe": True})]},
        {"role": "tool", "content": "18", "name": "get_weather", "tool_call_id": "pAr1s0001"},
        {"role": "tool", "content": "25", "name": "get_weather", "tool_call_id": "t0ky00002"},
        {"role": "tool", "content": "[\"umbrella A\", \"umbrella B\"]", "name": "search", "tool_call_id": "uMbr3lla3"}],
        "tools": [WEATHER, SEARCH], "add_generation_prompt": True},
    "tool_call_complex_arguments": {"messages": [
        {"role": "user", "content": "Plan it."},
        {"role": "assistant", "content": "Calling the planner.", "tool_calls": [call("c0mpl3x99", "search", {
            "query": "line1\nline2\ttab \\ backslash \"quote\" é ✓", "limit": 10, "ratio": 0.5, "tiny": 1e-07,
            "big": 12345678901234, "float_whole": 100.0, "neg": -3, "flags": [True, False, None],
            "nested": {"z": 1, "a": {"deep": []}, "m": {}}})]},
        {"role": "tool", "content": "ok", "name": "search", "tool_call_id": "c0mpl3x99"}],
        "tools": [SEARCH], "add_generation_prompt": False},
    "assistant_prefill": {"messages": [
        {"role": "user", "content": "Write a haiku."},
        {"role": "assistant", "content": "Autumn moonlight—"}], "add_generation_prompt": False},
    "continue_final_message": {"messages": [
        {"role": "user", "content": "Reply in JSON."},
        {"role": "assistant", "content": "{\"answer\": "}], "add_generation_prompt": False, "continue_final_message": True},
    "continue_final_message_trimmed": {"messages": [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Start a list."},
        {"role": "assistant", "content": "Here it is:\n  "}], "add_generation_prompt": False, "continue_final_message": True},
    "extra_context": {"messages": [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Hi"}], "tools": [WEATHER], "add_generation_prompt": True,
        "extra": {"enable_thinking": False, "tools_in_user_message": False, "date_string": "01 Jan 2025",
                  "reasoning_effort": "high", "custom_flag": [1, "two", None]}},
}

# Small templates rendered with SNIPPET_CONTEXT: the expression language, statements, whitespace
# control and errors. Each must produce the same output (or an error) in Swift.
SNIPPET_CONTEXT = {
    "s": "héllo wörld", "n": 7, "f": 2.5, "l": [3, 1, 2], "d": {"b": 1, "a": [1, 2], "items": 3},
    "msgs": [{"role": "user", "content": "hi"},
             {"role": "assistant", "content": "yo", "tool_calls": [{"function": {"name": "f", "arguments": {"x": 1}}}]}],
    "e": "", "z": 0, "nn": None, "t": True, "u8": "日本語 👍🏽 e\u0301",
}

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chat_fixture_fuzz import CONTEXT_EXTRA, fuzz_templates  # noqa: E402
from chat_fixture_snippets import SNIPPETS  # noqa: E402


def render(env, source, context):
    try:
        return {"output": env.from_string(source).render(**context)}
    except jinja2.exceptions.TemplateSyntaxError as error:
        return {"error": {"kind": "syntax", "message": f"{error.message} (line {error.lineno})"}}
    except jinja2.exceptions.TemplateError as error:
        # raise_exception raises the base TemplateError; jinja2's own errors are subclasses.
        kind = "raised" if type(error) is jinja2.exceptions.TemplateError else "error"
        return {"error": {"kind": kind, "message": str(error)}}
    except Exception as error:  # TypeError, ZeroDivisionError, … are runtime errors too
        return {"error": {"kind": "error", "message": f"{type(error).__name__}: {error}"}}


CONTINUE_TAG = "CONTINUE_FINAL_MESSAGE_TAG "


def render_continuing(env, source, context):
    # transformers' continue_final_message=True: tag the final content, render, cut at the tag.
    context = json.loads(json.dumps(context))
    final_message = context["messages"][-1]["content"]
    context["messages"][-1]["content"] = final_message + CONTINUE_TAG
    result = render(env, source, context)
    if "error" in result:
        return result
    rendered = result["output"]
    if final_message.strip() not in rendered or CONTINUE_TAG.strip() not in rendered:
        return {"error": {"kind": "error", "message": "the final message does not appear in the rendered prompt"}}
    location = rendered.rindex(CONTINUE_TAG.strip())
    if rendered[location:location + len(CONTINUE_TAG)] == CONTINUE_TAG:
        return {"output": rendered[:location]}
    return {"output": rendered[:location].rstrip()}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def extract_gguf(path, name):
    from gguf import GGUFReader  # noqa: PLC0415 (optional dependency)

    source = GGUFReader(path).fields["tokenizer.chat_template"].contents()
    write(os.path.join(FIXTURES, "templates", name + ".jinja"), source)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gguf", help="extract tokenizer.chat_template from this GGUF file first")
    parser.add_argument("--name", help="template name for --gguf")
    arguments = parser.parse_args()
    if arguments.gguf:
        extract_gguf(arguments.gguf, arguments.name)

    env = make_environment()
    manifest = []
    for name, (bos, eos, origin) in TEMPLATES.items():
        manifest.append({"name": name, "file": f"templates/{name}.jinja", "bos_token": bos, "eos_token": eos,
                         "origin": origin})
    write(os.path.join(FIXTURES, "templates.json"), json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
    write(os.path.join(FIXTURES, "conversations.json"),
          json.dumps(CONVERSATIONS, ensure_ascii=False, indent=2) + "\n")

    counts = {"output": 0, "error": 0}
    for entry in manifest:
        with open(os.path.join(FIXTURES, entry["file"]), encoding="utf-8", newline="") as handle:
            source = handle.read()
        directory = os.path.join(FIXTURES, "expected", entry["name"])
        if os.path.isdir(directory):
            for stale in os.listdir(directory):
                os.remove(os.path.join(directory, stale))
        for conversation_name, conversation in CONVERSATIONS.items():
            context = {
                "messages": conversation["messages"],
                "tools": conversation.get("tools"),
                "documents": None,
                "add_generation_prompt": conversation["add_generation_prompt"],
                "bos_token": entry["bos_token"],
                "eos_token": entry["eos_token"],
            }
            context.update(conversation.get("extra", {}))
            if conversation.get("continue_final_message"):
                result = render_continuing(env, source, context)
            else:
                result = render(env, source, json.loads(json.dumps(context)))
            if "output" in result:
                write(os.path.join(directory, conversation_name + ".txt"), result["output"])
                counts["output"] += 1
            else:
                write(os.path.join(directory, conversation_name + ".error.json"),
                      json.dumps(result["error"], ensure_ascii=False, indent=2) + "\n")
                counts["error"] += 1

    snippets = []
    for source in SNIPPETS:
        result = render(env, source, json.loads(json.dumps(SNIPPET_CONTEXT)))
        snippets.append({"template": source, **result})
    write(os.path.join(FIXTURES, "snippets.json"),
          json.dumps({"context": SNIPPET_CONTEXT, "snippets": snippets}, ensure_ascii=False, indent=2) + "\n")
    fuzz_context = {**SNIPPET_CONTEXT, **CONTEXT_EXTRA}
    fuzz = []
    for source in fuzz_templates():
        fuzz.append({"template": source, **render(env, source, json.loads(json.dumps(fuzz_context)))})
    write(os.path.join(FIXTURES, "fuzz.json"),
          json.dumps({"context": fuzz_context, "snippets": fuzz}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(fuzz)} random templates (scripts/dev/chat_fixture_fuzz.py)")
    print(f"{len(manifest)} templates x {len(CONVERSATIONS)} conversations: "
          f"{counts['output']} outputs, {counts['error']} errors; {len(snippets)} snippets")


if __name__ == "__main__":
    main()
