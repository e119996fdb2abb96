"""The record: transcript schema, append-only store, replay, and the graded reference set."""

__all__: list[str] = []
