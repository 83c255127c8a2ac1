(* Canadian fire-weather index from the towers' noon readings *)
structure Fwi =
struct
  fun ffmc (prev : real, temp : real, rh : real, wind : real, rain : real) : real =
    Real.min (101.0, prev + 0.1 * temp - 0.05 * rh + 0.02 * wind - rain)
end
