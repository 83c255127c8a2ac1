source("../../R/rules.R")

test_that("an edible find needs two verifiers other than the finder", {
  find <- list(finder = "jana", species = "Boletus edulis")
  v <- data.frame(verifier = c("jana", "petr"))
  expect_false(edible_confirmed(find, v))
  v <- data.frame(verifier = c("petr", "eva"))
  expect_true(edible_confirmed(find, v))
})

test_that("deadly species are never confirmed edible", {
  find <- list(finder = "jana", species = "Amanita phalloides")
  v <- data.frame(verifier = c("petr", "eva", "ota"))
  expect_false(edible_confirmed(find, v))
  expect_true(deadly_warning("Galerina marginata"))
})

test_that("the CHKO day limit is two kilograms", {
  expect_true(within_limit(2, in_chko = TRUE))
  expect_false(within_limit(2.1, in_chko = TRUE))
  expect_true(within_limit(5, in_chko = FALSE))
})

test_that("red-list places are snapped to the grid", {
  exact <- c(lat = 49.95123, lon = 13.87456)
  shown <- rounded_location(exact[["lat"]], exact[["lon"]], red_list = TRUE)
  expect_false(isTRUE(all.equal(shown, exact)))
})

test_that("only the poradna sees patients", {
  expect_true(patient_visible(c("smrz-clen", "smrz-poradce")))
  expect_false(patient_visible(c("smrz-clen", "smrz-znalec")))
})
