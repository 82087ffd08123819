import JSONValues
import OpenAIWire

extension ChatCompletionRequest {
    /// Reads a request body as `fm serve` accepts it: every field of the wrong type or value is a
    /// 400 that names it (the wire's strict reader), and so is what this server cannot honour
    /// (`n` > 1, penalties, log probabilities). Fields it does not know are ignored, as OpenAI's
    /// own API ignores them.
    ///
    /// - Throws: ``APIError`` (400) naming the field at fault.
    init(checking body: JSONValue) throws(APIError) {
        do {
            try self.init(json: body)
        } catch {
            throw .invalid(error.message, param: error.param)
        }
        if let n, n != 1 {
            throw .invalid("n = \(n) is not supported: this server returns one choice (n = 1)", param: "n", code: "unsupported_value")
        }
        for (penalty, value) in [("frequency_penalty", frequencyPenalty), ("presence_penalty", presencePenalty)] {
            if let value, value != 0 {
                throw .invalid("\(penalty) is not supported by this server (leave it out or 0)", param: penalty, code: "unsupported_parameter")
            }
        }
        if logprobs == true {
            throw .invalid("logprobs is not supported by this server", param: "logprobs", code: "unsupported_parameter")
        }
    }
}
