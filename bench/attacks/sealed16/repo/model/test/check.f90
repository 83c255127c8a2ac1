program stock_check
  use stock
  implicit none
  if (abs(surplus(50.0, 0.4, 100.0) - 10.0) > 1.0e-5) error stop 1
end program stock_check
