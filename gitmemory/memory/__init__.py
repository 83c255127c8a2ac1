"""Branch memory: the file format, file names, where it lives, the one reader and writer."""
