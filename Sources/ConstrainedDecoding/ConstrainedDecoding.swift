// ConstrainedDecoding
