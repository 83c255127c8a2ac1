module github.com/tiles-dev/tiles

go 1.22
