"""Hybrid retrieval: BM25 and vector legs fused by reciprocal rank fusion."""
