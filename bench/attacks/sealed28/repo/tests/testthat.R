library(testthat)
test_dir("testthat")
