// FoundationModelsTesting
