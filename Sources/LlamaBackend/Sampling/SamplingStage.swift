/// One step of the sampling pipeline, narrowing or reshaping the candidates.
///
/// Stages follow swift-transformers' `LogitsWarper` shape: small, pure, and testable with no model.
package protocol SamplingStage: Sendable {
    /// Applies the stage to the candidates in place.
    func apply(to candidates: inout CandidateSet)
}
