/// The page's Requests view: the server's last requests from `GET /v1/traces`, a row each (time,
/// model, tokens in, cached and out, time to first token, duration, tools), and a request's
/// detail on a click (its rounds, model load, prefill and decode, tool calls, and the text when the server
/// records it). `?view=requests` opens it; `&trace=ID` opens a request.
extension ChatPage {
    /// The view's style rules.
    static let requestsStyle = #"""
        nav.views { display: flex; gap: 4px; }
        nav.views button { padding: 4px 12px; }
        nav.views button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: var(--accent-text); font-weight: 600; }
        .layout[hidden], #requests[hidden], #request-detail[hidden] { display: none !important; }
        #requests { overflow-y: auto; padding: 18px max(20px, calc((100% - 1100px) / 2)); display: flex; flex-direction: column; gap: 14px; min-height: 0; }
        .requests-bar { display: flex; align-items: center; gap: 12px; }
        .requests-bar h2, #request-detail h2 { margin: 0; font-size: 15px; }
        #requests-note { color: var(--muted); font-size: 13px; margin-right: auto; }
        .trace-table { width: 100%; border-collapse: collapse; background: var(--surface); border: 1px solid var(--border); font-size: 13px; }
        .trace-table th, .trace-table td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--border); white-space: nowrap; }
        .trace-table th { color: var(--muted); font-weight: 600; font-size: 12px; }
        .trace-table .num { text-align: right; font-variant-numeric: tabular-nums; }
        #requests-rows tr[data-id] { cursor: pointer; }
        #requests-rows tr[data-id]:hover, #requests-rows tr.selected { background: var(--user); }
        .status-error { color: var(--bad); font-weight: 600; }
        #request-detail { background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 14px 16px; display: flex; flex-direction: column; gap: 12px; }
        #request-detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; font-size: 13px; }
        #request-detail dt { color: var(--muted); } #request-detail dd { margin: 0; overflow-wrap: anywhere; }
        #request-detail h3 { margin: 4px 0 0; font-size: 13px; }
        #request-detail pre { margin: 0; padding: 10px 12px; background: var(--code); border-radius: 8px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; max-height: 360px; overflow: auto; }
        """#

    /// The view's markup (a sibling of the chat's layout).
    static let requestsMarkup = #"""
        <section id="requests" hidden aria-label="Requests">
          <div class="requests-bar">
            <h2>Last requests</h2>
            <span id="requests-note"></span>
            <button type="button" id="requests-refresh">Refresh</button>
          </div>
          <table class="trace-table">
            <thead><tr><th>Time</th><th>Model</th><th class="num">In</th><th class="num">Cached</th><th class="num">Out</th><th class="num">TTFT</th><th class="num">Duration</th><th>Tools</th><th>Status</th></tr></thead>
            <tbody id="requests-rows"></tbody>
          </table>
          <div id="request-detail" hidden></div>
        </section>
        """#

    /// The view's script (after the chat's: it uses `$`, `headers` and `errorMessage`).
    static let requestsScript = #"""
        const requestsUI = {
          layout: document.querySelector(".layout"), section: $("requests"), rows: $("requests-rows"), detail: $("request-detail"),
          note: $("requests-note"), chatButton: $("view-chat"), requestsButton: $("view-requests"),
        };

        // Builds an element: el("td", { className: "num" }, "12").
        function el(tag, properties = {}, ...children) {
          const element = Object.assign(document.createElement(tag), properties);
          element.append(...children.filter((child) => child !== null && child !== undefined).map((child) => child instanceof Node ? child : String(child)));
          return element;
        }

        function milliseconds(us) {
          if (us === null || us === undefined) return "";
          const ms = us / 1000;
          return (ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString("en-US")) + " ms";
        }

        // "SystemLanguageModel(/models/SmolLM2.gguf)" -> "SmolLM2".
        function modelName(model) {
          const inner = (/\((.*)\)$/.exec(model || "") || [null, model || ""])[1];
          return inner.split("/").pop().replace(/\.gguf$/i, "");
        }

        function toolsOf(trace) {
          const called = (trace.rounds || []).flatMap((round) => (round.tool_calls || []).map((call) => call.name));
          if (called.length) return called.join(", ");
          const offered = trace.tools_offered || [];
          return offered.length ? offered.length + " offered" : "";
        }

        async function showView(view) {
          const requests = view === "requests";
          requestsUI.layout.hidden = requests;
          requestsUI.section.hidden = !requests;
          requestsUI.chatButton.setAttribute("aria-pressed", String(!requests));
          requestsUI.requestsButton.setAttribute("aria-pressed", String(requests));
          if (requests) await loadRequests();
        }

        async function loadRequests() {
          try {
            const response = await fetch("v1/traces", { headers: headers(), cache: "no-store" });
            if (!response.ok) throw new Error(await errorMessage(response));
            const traces = (await response.json()).data || [];
            requestsUI.rows.replaceChildren(...traces.map(requestRow));
            if (!traces.length) requestsUI.rows.append(el("tr", {}, el("td", { colSpan: 9 }, "No requests yet: send one from the chat.")));
            requestsUI.note.textContent = traces.length + (traces.length === 1 ? " request" : " requests") + ", newest first";
            document.body.dataset.requests = "loaded";
          } catch (error) {
            requestsUI.note.textContent = "Could not load the requests: " + error.message;
            document.body.dataset.requests = "error";
          }
        }

        function requestRow(trace) {
          const usage = trace.usage || {};
          const row = el("tr", {},
            el("td", {}, new Date(trace.start_unix_us / 1000).toLocaleTimeString()),
            el("td", { title: trace.model }, modelName(trace.model)),
            el("td", { className: "num" }, usage.input_tokens),
            el("td", { className: "num" }, usage.cached_input_tokens),
            el("td", { className: "num" }, usage.output_tokens),
            el("td", { className: "num" }, milliseconds(trace.ttft_us)),
            el("td", { className: "num" }, milliseconds(trace.duration_us)),
            el("td", {}, toolsOf(trace)),
            el("td", { className: trace.error ? "status-error" : "" }, trace.error ? "error" : "ok"));
          row.dataset.id = trace.id;
          row.addEventListener("click", () => showRequest(trace.id));
          return row;
        }

        async function showRequest(id) {
          for (const row of requestsUI.rows.children) row.classList.toggle("selected", row.dataset.id === id);
          let trace;
          try {
            const response = await fetch("v1/traces/" + encodeURIComponent(id), { headers: headers(), cache: "no-store" });
            if (!response.ok) throw new Error(await errorMessage(response));
            trace = await response.json();
          } catch (error) {
            requestsUI.detail.replaceChildren(el("p", { className: "status-error" }, "Could not load the request: " + error.message));
            requestsUI.detail.hidden = false;
            return;
          }
          const usage = trace.usage || {};
          const facts = [
            ["Request", trace.id], ["Model", trace.model], ["Started", new Date(trace.start_unix_us / 1000).toLocaleString()],
            ["Duration", milliseconds(trace.duration_us)], ["Time to first token", milliseconds(trace.ttft_us)],
            ["Tokens", usage.input_tokens + " in (" + usage.cached_input_tokens + " cached), " + usage.output_tokens + " out"],
            ["Options", Object.entries(trace.options || {}).map(([key, value]) => key + ": " + value).join(", ")],
            ["Tools offered", (trace.tools_offered || []).join(", ")], ["Response schema", trace.response_schema], ["Error", trace.error],
          ].filter(([, value]) => value !== undefined && value !== null && value !== "");
          const parts = [el("h2", {}, "Request " + trace.id.slice(0, 8)),
            el("dl", {}, ...facts.flatMap(([key, value]) => [el("dt", {}, key), el("dd", {}, value)]))];
          const rounds = trace.rounds || [];
          const head = ["Round", "Start", "Model call", "Load", "Prefill", "TTFT", "Decode", "In", "Cached", "Out", "Decode tok/s", "Grammar"];
          parts.push(el("h3", {}, "Rounds"), el("table", { className: "trace-table", id: "request-rounds" },
            el("thead", {}, el("tr", {}, ...head.map((name, index) => el("th", { className: index ? "num" : "" }, name)))),
            el("tbody", {}, ...rounds.map((round, index) => el("tr", {},
              el("td", {}, "Round " + (index + 1)), el("td", { className: "num" }, milliseconds(round.start_us)),
              el("td", { className: "num" }, milliseconds(round.duration_us)), el("td", { className: "num" }, milliseconds(round.model_load_us)),
              el("td", { className: "num" }, milliseconds(round.prefill_us)),
              el("td", { className: "num" }, milliseconds(round.ttft_us)), el("td", { className: "num" }, milliseconds(round.decode_us)),
              el("td", { className: "num" }, round.usage.input_tokens), el("td", { className: "num" }, round.usage.cached_input_tokens),
              el("td", { className: "num" }, round.usage.output_tokens),
              el("td", { className: "num" }, round.decode_tokens_per_second ? round.decode_tokens_per_second.toFixed(1) : ""),
              el("td", { className: "num" }, milliseconds(round.grammar_compile_us)))))));
          const calls = rounds.flatMap((round, index) => (round.tool_calls || []).map((call) => ({ ...call, round: index + 1 })));
          if (calls.length) {
            parts.push(el("h3", {}, "Tool calls"), el("ul", {}, ...calls.map((call) => el("li", {},
              call.name + " (round " + call.round + ", " + milliseconds(call.duration_us) + ")" + (call.error ? ": " + call.error : "")
                + (call.arguments ? " " + call.arguments : "")))));
          }
          rounds.forEach((round, index) => {
            if (round.rendered_prompt) parts.push(el("h3", {}, "Round " + (index + 1) + ": the prompt as the model saw it"), el("pre", {}, round.rendered_prompt));
          });
          if (trace.prompt) parts.push(el("h3", {}, "Prompt"), el("pre", {}, trace.prompt));
          if (trace.response) parts.push(el("h3", {}, "Response"), el("pre", {}, trace.response));
          if (!rounds.some((round) => round.rendered_prompt) && !trace.prompt) {
            parts.push(el("p", { className: "hint" }, "Text is not recorded: start fm serve with --trace-content (or FM_TRACE_CONTENT=1) to see prompts and responses."));
          }
          requestsUI.detail.replaceChildren(...parts);
          requestsUI.detail.hidden = false;
          document.body.dataset.requestDetail = trace.id;
        }

        requestsUI.chatButton.addEventListener("click", () => showView("chat"));
        requestsUI.requestsButton.addEventListener("click", () => showView("requests"));
        $("requests-refresh").addEventListener("click", loadRequests);
        """#
}
