package main

import "fmt"

// parcelctl label print --tracking RR123456785CH
func main() { fmt.Println("parcelctl") }
