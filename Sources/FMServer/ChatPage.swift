/// The page `GET /` serves: one self-contained HTML document (no external assets, no build step) to try the model from a browser,
/// and to see its last requests (the Requests view, in `ChatPage+Requests.swift`).
enum ChatPage {
    /// The whole page.
    static let html: String = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>fm serve</title>
        <style>
        :root {
          --bg: #f6f7f9; --surface: #ffffff; --border: #dde1e7; --text: #1b1f24; --muted: #5d6673;
          --accent: #2f5bd3; --accent-text: #ffffff; --user: #e7eefc; --code: #f1f3f6;
          --ok: #1a7f37; --bad: #c0262d; --bad-bg: #fdecec;
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: var(--text); background: var(--bg);
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #111418; --surface: #1a1e24; --border: #2e343d; --text: #e6e9ee; --muted: #9aa3af;
            --accent: #6d93f5; --accent-text: #0d1117; --user: #223154; --code: #14181d;
            --ok: #4ac26b; --bad: #ff7b72; --bad-bg: #3a1d1f;
          }
        }
        * { box-sizing: border-box; }
        html, body { height: 100%; margin: 0; }
        body { display: grid; grid-template-rows: auto 1fr; }
        button, input, select, textarea { font: inherit; color: inherit; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

        header { display: flex; align-items: center; gap: 16px; padding: 10px 20px; background: var(--surface); border-bottom: 1px solid var(--border); }
        .brand { font-weight: 650; font-size: 17px; letter-spacing: -0.01em; margin-right: auto; } .brand b { color: var(--accent); }
        header label { display: flex; align-items: center; gap: 8px; color: var(--muted); font-size: 13px; }
        select, input, textarea { background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 6px 10px; }
        select:focus, input:focus, textarea:focus, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        #model { max-width: min(440px, 40vw); }
        .health { display: flex; align-items: center; gap: 6px; font-size: 13px; color: var(--muted); white-space: nowrap; }
        .health::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: currentColor; }
        .health[data-ok="yes"]::before { background: var(--ok); }
        .health[data-ok="no"] { color: var(--bad); }
        #toggle-panel { display: none; }

        .layout { display: grid; grid-template-columns: 1fr 340px; min-height: 0; }
        main { display: flex; flex-direction: column; min-height: 0; }
        #log { flex: 1; overflow-y: auto; padding: 24px max(20px, calc((100% - 820px) / 2)); display: flex; flex-direction: column; gap: 18px; }
        .empty { margin: auto; text-align: center; color: var(--muted); }
        .empty strong { display: block; font-size: 20px; color: var(--text); margin-bottom: 4px; }
        .msg { display: flex; flex-direction: column; align-items: flex-start; max-width: 100%; }
        .msg.user { align-items: flex-end; }
        .bubble { padding: 10px 14px; border-radius: 14px; max-width: min(680px, 92%); white-space: pre-wrap; overflow-wrap: anywhere; }
        .user .bubble { background: var(--user); border-bottom-right-radius: 4px; }
        .assistant .bubble { background: var(--surface); border: 1px solid var(--border); border-bottom-left-radius: 4px; }
        .assistant.failed .bubble { border-color: var(--bad); }
        pre.content { margin: 0; padding: 10px 12px; background: var(--code); border-radius: 8px; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; }
        .streaming .content::after { content: "\258D"; margin-left: 1px; color: var(--accent); animation: blink 1s steps(2) infinite; }
        @keyframes blink { 50% { opacity: 0; } }
        .badge { display: inline-block; margin-top: 8px; padding: 2px 8px; border-radius: 999px; font-size: 12px; font-weight: 550; color: var(--ok); border: 1px solid currentColor; }
        .badge.bad { color: var(--bad); }
        .meta { margin-top: 4px; padding-left: 4px; font-size: 12px; color: var(--muted); }

        #error { margin: 0 max(20px, calc((100% - 820px) / 2)) 10px; padding: 10px 14px; border-radius: 8px; background: var(--bad-bg); color: var(--bad); border: 1px solid var(--bad); white-space: pre-wrap; }
        #error:empty { display: none; }
        form { display: flex; flex-direction: column; gap: 8px; padding: 12px max(20px, calc((100% - 820px) / 2)) 18px; border-top: 1px solid var(--border); background: var(--surface); }
        #prompt { resize: none; min-height: 64px; max-height: 220px; padding: 10px 12px; border-radius: 12px; }
        .actions { display: flex; align-items: center; gap: 8px; }
        .hint { font-size: 12px; color: var(--muted); margin-right: auto; }
        button { border: 1px solid var(--border); background: var(--surface); border-radius: 8px; padding: 7px 16px; cursor: pointer; white-space: nowrap; }
        button:hover { border-color: var(--muted); }
        button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); font-weight: 600; }
        button.danger { color: var(--bad); border-color: var(--bad); }
        button:disabled { opacity: 0.5; cursor: default; }

        aside { border-left: 1px solid var(--border); background: var(--surface); padding: 18px 20px; overflow-y: auto; display: flex; flex-direction: column; gap: 16px; }
        aside h2 { margin: 0; font-size: 13px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); }
        .field { display: flex; flex-direction: column; gap: 6px; }
        .field > label, summary { font-size: 13px; font-weight: 600; }
        .field small { color: var(--muted); font-size: 12px; }
        aside textarea, aside input { font-size: 14px; }
        aside textarea { resize: vertical; min-height: 80px; }
        #schema { min-height: 150px; font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; } .row input { width: 100%; }
        details { border-top: 1px solid var(--border); padding-top: 12px; }
        summary { cursor: pointer; } details .field { margin-top: 10px; }

        @media (max-width: 820px) {
          header { flex-wrap: wrap; gap: 8px 12px; padding: 10px 14px; }
          header label { order: 1; flex-basis: 100%; }
          #model { flex: 1; max-width: none; }
          #toggle-panel { display: inline-block; padding: 4px 12px; }
          #log, form { padding-left: 14px; padding-right: 14px; }
          #error { margin-left: 14px; margin-right: 14px; }
          .hint { visibility: hidden; }
          .layout { grid-template-columns: 1fr; }
          aside { display: none; border-left: 0; border-bottom: 1px solid var(--border); }
          body.panel-open .layout { grid-template-rows: auto 1fr; }
          body.panel-open aside { display: flex; order: -1; max-height: 50vh; }
        }
        \#(requestsStyle)
        </style>
        </head>
        <body data-state="loading">
        <header>
          <div class="brand"><b>fm</b> serve</div>
          <nav class="views" aria-label="Views">
            <button type="button" id="view-chat" aria-pressed="true">Chat</button>
            <button type="button" id="view-requests" aria-pressed="false">Requests</button>
          </nav>
          <label for="model">Model <select id="model"></select></label>
          <span id="health" class="health" role="status">checking…</span>
          <button type="button" id="toggle-panel" aria-controls="panel" aria-expanded="false">Options</button>
        </header>
        <div class="layout">
          <main>
            <div id="log" aria-live="polite">
              <div class="empty" id="empty"><strong>Try the model</strong>Instructions, a JSON Schema and sampling settings are under Options.</div>
            </div>
            <div id="error" role="alert"></div>
            <form id="composer">
              <label for="prompt" class="sr-only">Prompt</label>
              <textarea id="prompt" rows="2" placeholder="Message the model…"></textarea>
              <div class="actions">
                <span class="hint">Enter to send · Shift+Enter for a new line</span>
                <button type="button" id="new-chat">New chat</button>
                <button type="button" id="stop" class="danger" hidden>Stop</button>
                <button type="submit" id="send" class="primary">Send</button>
              </div>
            </form>
          </main>
          <aside id="panel" aria-label="Options">
            <h2>Options</h2>
            <div class="field">
              <label for="instructions">Instructions</label>
              <textarea id="instructions" rows="4" placeholder="You are a helpful assistant."></textarea>
              <small>Sent as the system message.</small>
            </div>
            <div class="field">
              <label for="schema">JSON Schema</label>
              <textarea id="schema" spellcheck="false" placeholder='{&#10;  "type": "object",&#10;  "properties": {&#10;    "city": { "type": "string" },&#10;    "population": { "type": "integer" }&#10;  },&#10;  "required": ["city", "population"]&#10;}'></textarea>
              <small>Optional. When set, the answer is constrained to it.</small>
            </div>
            <div class="row">
              <div class="field">
                <label for="temperature">Temperature</label>
                <input id="temperature" type="number" min="0" max="2" step="0.1" placeholder="default">
              </div>
              <div class="field">
                <label for="max-tokens">Max tokens</label>
                <input id="max-tokens" type="number" min="1" step="1" placeholder="default">
              </div>
            </div>
            <details id="settings">
              <summary>Settings</summary>
              <div class="field">
                <label for="api-key">API key</label>
                <input id="api-key" type="password" autocomplete="off" placeholder="none">
                <small>Sent as a Bearer token; kept in this browser's local storage.</small>
              </div>
            </details>
          </aside>
        </div>
        \#(requestsMarkup)
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const ui = {
          model: $("model"), health: $("health"), log: $("log"), empty: $("empty"), error: $("error"),
          form: $("composer"), prompt: $("prompt"), send: $("send"), stop: $("stop"), newChat: $("new-chat"),
          instructions: $("instructions"), schema: $("schema"), temperature: $("temperature"),
          maxTokens: $("max-tokens"), apiKey: $("api-key"), togglePanel: $("toggle-panel"),
        };
        const API_KEY_STORAGE = "fm-serve.api-key";
        let history = [];        // finished turns, as {role, content} messages
        let controller = null;   // the AbortController of the request in flight

        function setState(state) { document.body.dataset.state = state; }   // loading, ready, streaming, done, error
        function showError(message) { ui.error.textContent = message || ""; }

        function headers(extra = {}) {
          const key = ui.apiKey.value.trim();
          return key ? { ...extra, Authorization: "Bearer " + key } : extra;
        }

        // The message of an OpenAI-style error response, or the status line and text.
        async function errorMessage(response) {
          const text = await response.text().catch(() => "");
          if (response.status === 401) $("settings").open = true;   // show the API key field
          try {
            const error = JSON.parse(text).error;
            if (error && error.message) return error.message + " (HTTP " + response.status + (error.type ? ", " + error.type : "") + ")";
          } catch {}
          return "HTTP " + response.status + " " + response.statusText + (text ? ": " + text.slice(0, 300) : "");
        }

        async function checkHealth() {
          let ok = false, label = "unreachable";
          try {
            const response = await fetch("health", { cache: "no-store" });
            const body = await response.json().catch(() => ({}));
            ok = response.ok && body.status === "ok";
            label = ok ? "ready" : "unavailable" + (body.reason ? ": " + body.reason : " (HTTP " + response.status + ")");
          } catch {}
          ui.health.textContent = label;
          ui.health.dataset.ok = ok ? "yes" : "no";
        }

        async function loadModels(preferred) {
          try {
            const response = await fetch("v1/models", { headers: headers() });
            if (!response.ok) throw new Error(await errorMessage(response));
            const ids = ((await response.json()).data || []).map((model) => model.id);
            ui.model.replaceChildren(...ids.map((id) => new Option(id, id)));
            if (!ids.length) showError("The server lists no models.");
            else if (ui.error.textContent.startsWith("Could not load the models")) showError("");
          } catch (error) {
            showError("Could not load the models: " + error.message);
          }
          if (preferred) {
            if (![...ui.model.options].some((option) => option.value === preferred)) ui.model.add(new Option(preferred, preferred), 0);
            ui.model.value = preferred;
          }
        }

        // The request body for `prompt`; throws with a message to show when a field is invalid.
        function requestBody(prompt) {
          const body = { model: ui.model.value || undefined, messages: [], stream: true, stream_options: { include_usage: true } };
          const instructions = ui.instructions.value.trim();
          if (instructions) body.messages.push({ role: "system", content: instructions });
          body.messages.push(...history, { role: "user", content: prompt });
          const temperature = ui.temperature.value.trim();
          if (temperature) {
            body.temperature = Number(temperature);
            if (!Number.isFinite(body.temperature) || body.temperature < 0) throw new Error("Temperature must be a number of at least 0.");
          }
          const maxTokens = ui.maxTokens.value.trim();
          if (maxTokens) {
            body.max_tokens = Number(maxTokens);
            if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) throw new Error("Max tokens must be a whole number of at least 1.");
          }
          const schemaText = ui.schema.value.trim();
          if (schemaText) {
            let schema;
            try { schema = JSON.parse(schemaText); } catch (error) { throw new Error("The JSON Schema is not valid JSON: " + error.message); }
            body.response_format = { type: "json_schema", json_schema: { name: "answer", schema, strict: true } };
          }
          return body;
        }

        // The data of each server-sent event of `response`, however the network splits the bytes.
        async function* serverSentEvents(response) {
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = "", data = [];
          try {
            for (;;) {
              const { value, done } = await reader.read();
              buffer += done ? decoder.decode() + "\n\n" : decoder.decode(value, { stream: true });
              let end;
              while ((end = buffer.indexOf("\n")) >= 0) {
                const line = buffer.slice(0, end).replace(/\r$/, "");
                buffer = buffer.slice(end + 1);
                if (line === "") {
                  if (data.length) yield data.join("\n");
                  data = [];
                } else if (line.startsWith("data:")) {
                  data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
                }
              }
              if (done) return;
            }
          } finally {
            reader.cancel().catch(() => {});
          }
        }

        function scrollToEnd(force) {
          const log = ui.log;
          if (force || log.scrollHeight - log.scrollTop - log.clientHeight < 120) log.scrollTop = log.scrollHeight;
        }

        function addMessage(role, text, structured) {
          ui.empty.hidden = true;
          const message = document.createElement("div");
          message.className = "msg " + role;
          const bubble = document.createElement("div");
          bubble.className = "bubble";
          const content = document.createElement(structured ? "pre" : "div");
          content.className = "content";
          content.textContent = text;
          bubble.append(content);
          message.append(bubble);
          ui.log.append(message);
          scrollToEnd(true);
          return { message, bubble, content };
        }

        function usageLine(stats) {
          const parts = [];
          const usage = stats.usage;
          const completion = usage ? usage.completion_tokens : stats.pieces;
          if (usage) {
            const cached = usage.prompt_tokens_details && usage.prompt_tokens_details.cached_tokens;
            parts.push(usage.prompt_tokens + " prompt tokens" + (cached != null ? " (" + cached + " cached)" : ""));
          }
          const unit = usage ? "tokens" : "chunks";   // without usage (a stopped answer) count what arrived
          parts.push(completion + (usage ? " completion tokens" : " chunks received"));
          if (stats.first) parts.push(Math.round(stats.first - stats.start) + " ms to first token");
          const seconds = (stats.last - stats.first) / 1000;   // decoding time after the first token
          if (completion > 1 && seconds > 0) parts.push(((completion - 1) / seconds).toFixed(1) + " " + unit + "/s");
          parts.push("finish: " + (stats.finish || "none"));
          return parts.join(" · ");
        }

        function setBusy(busy) {
          ui.send.disabled = busy;
          ui.stop.hidden = !busy;
          ui.log.setAttribute("aria-busy", String(busy));   // screen readers read the answer once, when complete
        }

        async function send() {
          const prompt = ui.prompt.value.trim();
          if (controller || !prompt) return;
          showError("");
          let body;
          try { body = requestBody(prompt); } catch (error) { showError(error.message); setState("error"); return; }
          const structured = Boolean(body.response_format);
          ui.prompt.value = "";
          resizePrompt();
          addMessage("user", prompt);
          const turn = addMessage("assistant", "", structured);
          const previous = $("answer");
          if (previous) previous.removeAttribute("id");
          turn.content.id = "answer";
          turn.message.classList.add("streaming");
          setState("streaming");
          setBusy(true);
          controller = new AbortController();
          const stats = { start: performance.now(), first: 0, last: 0, pieces: 0, usage: null, finish: null };
          let text = "", sawDone = false;
          try {
            const response = await fetch("v1/chat/completions", {
              method: "POST", signal: controller.signal, body: JSON.stringify(body),
              headers: headers({ "Content-Type": "application/json", Accept: "text/event-stream" }),
            });
            if (!response.ok) throw new Error(await errorMessage(response));
            // Headless Chromium's --virtual-time-budget waits for bodies read at once, not streamed ones:
            // reading a copy keeps automated checks (Tests/Serve/page_check.py) waiting for the end.
            response.clone().arrayBuffer().catch(() => {});
            for await (const data of serverSentEvents(response)) {
              if (data === "[DONE]") { sawDone = true; break; }
              const chunk = JSON.parse(data);
              if (chunk.error) throw new Error(chunk.error.message || "The server reported an error.");
              if (chunk.usage) stats.usage = chunk.usage;
              const choice = (chunk.choices || [])[0];
              if (!choice) continue;
              const piece = choice.delta && choice.delta.content;
              if (piece) {
                stats.last = performance.now();
                if (!stats.first) stats.first = stats.last;
                stats.pieces += 1;
                text += piece;
                turn.content.textContent = text;
                scrollToEnd(false);
              }
              if (choice.finish_reason) stats.finish = choice.finish_reason;
            }
            if (!sawDone && !stats.finish) throw new Error("The stream ended before the answer was complete.");
            finishTurn(turn, text, structured, stats);
            history.push({ role: "user", content: prompt }, { role: "assistant", content: text });
            setState("done");
          } catch (error) {
            if (error.name === "AbortError") {
              stats.finish = "stopped";
              finishTurn(turn, text, false, stats);
              if (text) history.push({ role: "user", content: prompt }, { role: "assistant", content: text });
              setState("done");
            } else {
              turn.message.classList.add("failed");
              showError(error.message);
              setState("error");
            }
          } finally {
            turn.message.classList.remove("streaming");
            controller = null;
            setBusy(false);
            checkHealth();
          }
        }

        function finishTurn(turn, text, structured, stats) {
          if (structured) {
            const badge = document.createElement("div");
            try {
              turn.content.textContent = JSON.stringify(JSON.parse(text), null, 2);
              badge.className = "badge";
              badge.textContent = "✓ valid JSON, schema enforced token by token";
            } catch (error) {
              badge.className = "badge bad";
              badge.textContent = "✗ not valid JSON" + (stats.finish === "length" ? " (cut off by max tokens)" : "") + ": " + error.message;
            }
            turn.bubble.append(badge);
          }
          const meta = document.createElement("div");
          meta.className = "meta";
          meta.textContent = usageLine(stats);
          turn.message.append(meta);
          scrollToEnd(false);
        }

        function newChat() {
          if (controller) controller.abort();
          history = [];
          ui.log.replaceChildren(ui.empty);
          ui.empty.hidden = false;
          showError("");
          setState("ready");
          ui.prompt.focus();
        }

        function resizePrompt() {
          ui.prompt.style.height = "auto";   // then fit the content, up to the CSS max-height
          ui.prompt.style.height = ui.prompt.scrollHeight + 2 + "px";
        }

        ui.form.addEventListener("submit", (event) => { event.preventDefault(); send(); });
        ui.prompt.addEventListener("keydown", (event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.isComposing) { event.preventDefault(); send(); }
        });
        ui.prompt.addEventListener("input", resizePrompt);
        ui.stop.addEventListener("click", () => { if (controller) controller.abort(); });
        ui.newChat.addEventListener("click", newChat);
        ui.apiKey.addEventListener("change", () => {
          const key = ui.apiKey.value.trim();
          try { key ? localStorage.setItem(API_KEY_STORAGE, key) : localStorage.removeItem(API_KEY_STORAGE); } catch {}
          loadModels(ui.model.value);
        });
        ui.togglePanel.addEventListener("click", () => {
          ui.togglePanel.setAttribute("aria-expanded", String(document.body.classList.toggle("panel-open")));
        });

        \#(requestsScript)

        (async function start() {
          const params = new URLSearchParams(location.search);
          try { ui.apiKey.value = localStorage.getItem(API_KEY_STORAGE) || ""; } catch {}
          ui.prompt.value = params.get("prompt") || "";
          ui.instructions.value = params.get("instructions") || "";
          ui.temperature.value = params.get("temperature") || "";
          ui.maxTokens.value = params.get("max_tokens") || "";
          const schema = params.get("schema") || "";
          try { ui.schema.value = schema && JSON.stringify(JSON.parse(schema), null, 2); } catch { ui.schema.value = schema; }
          resizePrompt();
          checkHealth();
          await loadModels(params.get("model"));
          setState("ready");
          if (params.get("view") === "requests") {
            await showView("requests");
            if (params.get("trace")) await showRequest(params.get("trace"));
          } else if (params.get("autorun") === "1") send(); else ui.prompt.focus();
        })();
        </script>
        </body>
        </html>
        """#
}
