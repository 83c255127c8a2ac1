"""The pre-push hook: memorize what is pushed, scan it, apply the push policy."""
