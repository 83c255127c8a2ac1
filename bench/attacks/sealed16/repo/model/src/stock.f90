module stock
  implicit none
contains
  pure real function surplus(biomass, r, k) result(s)
    real, intent(in) :: biomass, r, k
    s = r * biomass * (1.0 - biomass / k)
  end function surplus
end module stock
