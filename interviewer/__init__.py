"""The conversation: CLI, configuration, LLM backends, LangGraph rounds, judges, TUI, voice."""
__version__ = "0.1.0"

__all__ = ["__version__"]
