"""`python -m llama_cpp.server` with llama.cpp's extra CPU buffer types (weight repacking,
AMX) turned off, for machines where they crash it.

On some CPUs with AMX, in sandboxes that do not grant the AMX tile state, llama.cpp as
built by `pip install llama-cpp-python` (-march=native) dies with SIGSEGV on its first
batch of more than one token; llama_model_params.use_extra_bufts = false avoids that path
(the same model, unrepacked weights). llama-cpp-python exposes no flag for it, so this sets
the default before the server loads the model, then runs the server's own main()."""
import llama_cpp.llama_cpp as _lib

_default = _lib.llama_model_default_params


def _params():
    params = _default()
    params.use_extra_bufts = False
    return params


_lib.llama_model_default_params = _params

if __name__ == "__main__":
    from llama_cpp.server.__main__ import main
    main()
