import Evaluations
import Testing

/// Statistics, checked against values worked out by hand.
@Suite struct MetricsAggregatorTests {
    /// An evaluation whose subjects are fixed scores, so every statistic is known in advance.
    struct ScoreEvaluation: Evaluation {
        let score = Metric("Score")
        let scores: [Double?]
        let aggregate: @Sendable (inout MetricsAggregator, Metric) -> Void

        var dataset: ArrayLoader<ModelSample<Double>> {
            ArrayLoader(samples: scores.indices.map { ModelSample(prompt: "sample \($0)", expected: scores[$0] ?? -1) })
        }

        func subject(from sample: ModelSample<Double>) async throws -> ModelSubject<Double> {
            ModelSubject(value: sample.expected ?? 0)
        }

        var evaluators: Evaluators {
            Evaluator { _, subject in
                subject.value < 0 ? score.ignore() : score.scoring(subject.value)
            }
        }

        func aggregateMetrics(using aggregator: inout MetricsAggregator) {
            aggregate(&aggregator, score)
        }
    }

    private func run(_ scores: [Double?], _ aggregate: @escaping @Sendable (inout MetricsAggregator, Metric) -> Void) async throws -> EvaluationResult {
        try await ScoreEvaluation(scores: scores, aggregate: aggregate).run()
    }

    @Test func builtInStatisticsMatchHandComputedValues() async throws {
        let score = Metric("Score")
        // Values 1, 2, 2, 4, 6 (and one ignored): mean 3, median 2, mode 2, sample variance 4.
        let result = try await run([1, 2, 2, nil, 4, 6]) { aggregator, metric in
            aggregator.computeMean(of: metric)
            aggregator.computeMedian(of: metric)
            aggregator.computeMode(of: metric)
            aggregator.computeMinimum(of: metric)
            aggregator.computeMaximum(of: metric)
            aggregator.computeVariance(of: metric)
            aggregator.computeStandardDeviation(of: metric)
        }
        #expect(result.aggregateValue(.mean(of: score)) == 3)
        #expect(result.aggregateValue(.median(of: score)) == 2)
        #expect(result.aggregateValue(.mode(of: score)) == 2)
        #expect(result.aggregateValue(.minimum(of: score)) == 1)
        #expect(result.aggregateValue(.maximum(of: score)) == 6)
        #expect(result.aggregateValue(.variance(of: score)) == 4)
        #expect(result.aggregateValue(.standardDeviation(of: score)) == 2)
        #expect(
            result.summary.columnNames == [
                "Mean of Score", "Median of Score", "Mode of Score", "Minimum of Score", "Maximum of Score",
                "Variance of Score", "Standard Deviation of Score"
            ])
    }

    @Test func evenMedianAveragesTheMiddleAndModeTiesTakeTheSmallest() async throws {
        let score = Metric("Score")
        let result = try await run([5, 1, 3, 1, 5, 8]) { aggregator, metric in
            aggregator.computeMedian(of: metric)
            aggregator.computeMode(of: metric)
        }
        #expect(result.aggregateValue(.median(of: score)) == 4)
        #expect(result.aggregateValue(.mode(of: score)) == 1)
    }

    @Test func customStatisticsReadValuesInDatasetOrder() async throws {
        let result = try await run([3, nil, 1, 2]) { aggregator, metric in
            aggregator.custom(of: metric, label: "First minus last") { values in
                values[0] - values[values.count - 1]
            }
        }
        #expect(result.aggregateValue(.custom(label: "First minus last")) == 1)
    }

    @Test func groupsKeepTheirNamesInTheSummary() async throws {
        let result = try await run([1, 3]) { aggregator, metric in
            aggregator.computeMean(of: metric)
            aggregator.group("Spread") { group in
                #expect(group.name == "Spread")
                group.computeMean(of: metric)
                group.computeMaximum(of: metric)
            }
        }
        #expect(result.groupedSummary == "Mean of Score: 2\n\nSpread:\n  Mean of Score: 2\n  Maximum of Score: 3")
        #expect(result.summary.columnNames == ["Mean of Score", "Mean of Score (Spread)", "Maximum of Score"])
        let grouped = result.summary["Maximum of Score", AggregateMetric.self][0]
        #expect(grouped?.group == "Spread")
        #expect(grouped?.sourceMetric == "Score")
    }

    @Test func aMetricWithoutResultsOrWithoutAnEvaluatorIsMinusOne() async throws {
        let missing = Metric("Never produced")
        let result = try await run([nil, nil]) { aggregator, metric in
            aggregator.computeMean(of: metric)
            aggregator.computeMean(of: missing)
        }
        #expect(result.aggregateValue(.mean(of: Metric("Score"))) == -1)
        #expect(result.aggregateValue(.mean(of: missing)) == -1)
        #expect(result.aggregateValue(.median(of: Metric("Score"))) == -1)
        #expect(result.errors.metricsNotFound == ["Never produced"])
        #expect(result.errors.hasFailures)
        #expect(result.detailed.containsColumn("Never produced"))
    }

    @Test func operationLabelsAndEquality() {
        let accuracy = Metric("Accuracy")
        #expect(AggregationOperation.mean(of: accuracy).label == "Mean of Accuracy")
        #expect(AggregationOperation.standardDeviation(of: accuracy).label == "Standard Deviation of Accuracy")
        #expect(AggregationOperation.custom(label: "Kappa").label == "Kappa")
        #expect(AggregationOperation.mean(of: accuracy.passing()) == .mean(of: Metric("Accuracy")))
        #expect(AggregationOperation.mean(of: accuracy) != .median(of: accuracy))
        #expect(AggregationOperation.mean(of: accuracy) != .mean(of: Metric("Other")))
    }

    @Test func metricValuesAndDescriptions() {
        let metric = Metric("Accuracy")
        #expect(metric.value == .ignore)
        #expect(metric.passing().doubleValue == 1)
        #expect(metric.failing().doubleValue == 0)
        #expect(metric.scoring(0.25).doubleValue == 0.25)
        #expect(metric.ignore().doubleValue == nil)
        #expect(metric.failing(rationale: "got 4").description == "Accuracy: failing (got 4)")
        #expect(metric.scoring(0.5).description == "Accuracy: scoring 0.5")
        #expect([Metric("A").passing(), metric.failing()][metric]?.value == .failing)
        #expect([Metric("A").passing()][metric] == nil)
    }
}
