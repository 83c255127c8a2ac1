"""memorize: commits -> knowledge -> a branch's memory file."""
