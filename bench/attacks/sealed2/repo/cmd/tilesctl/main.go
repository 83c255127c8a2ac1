package main

import (
	"fmt"
	"os"
)

func load(name string) error {
	if _, err := os.Stat(name); err != nil {
		return fmt.Errorf("load %s: %w", name, err)
	}
	return nil
}

func main() {
	if err := load("tiles.db"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
