import Foundation
import FoundationModelsCore
import HTTPServer
import JSONValues

extension OpenAIServer {
    /// `GET /v1/traces[?limit=N]`: the last requests' traces, newest first, in the traces' one
    /// JSON form (``RequestTrace``'s `jsonValue`, as `fm trace` and the trace file use it).
    func listTraces(_ request: HTTPRequest, writer: HTTPResponseWriter) {
        guard let traces else {
            respond(Self.tracesOff, writer)
            return
        }
        var limit = traces.capacity
        if let text = URLComponents(string: request.target)?.queryItems?.first(where: { $0.name == "limit" })?.value {
            guard let value = Int(text), value >= 1 else {
                respond(
                    APIError(status: 400, message: "limit must be a positive whole number, got '\(text)'", type: "invalid_request_error", param: "limit", code: "invalid_value"),
                    writer)
                return
            }
            limit = value
        }
        let data = traces.newest(limit: limit).map(\.jsonValue)
        json(200, .object([JSONMember("object", .string("list")), JSONMember("data", .array(data))]), writer)
    }

    /// `GET /v1/traces/{id}`: one kept trace.
    func showTrace(_ request: HTTPRequest, writer: HTTPResponseWriter) {
        guard let traces else {
            respond(Self.tracesOff, writer)
            return
        }
        let text = String(request.path.dropFirst("/v1/traces/".count)).removingPercentEncoding ?? ""
        guard let id = UUID(uuidString: text), let trace = traces.trace(id: id) else {
            respond(
                APIError(
                    status: 404, message: "no kept trace has the id '\(text)' (GET /v1/traces lists the last \(traces.capacity))", type: "invalid_request_error",
                    param: nil, code: "trace_not_found"), writer)
            return
        }
        json(200, trace.jsonValue, writer)
    }

    private static var tracesOff: APIError {
        APIError(status: 404, message: "this server keeps no traces (fm serve --traces N)", type: "invalid_request_error", param: nil, code: "traces_off")
    }
}
