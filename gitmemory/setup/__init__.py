"""Setting a repository up: native hook shims, the pre-commit framework, the merge driver."""
