import chaccu/rules
import gleeunit/should

pub fn crias_are_never_shorn_test() {
  rules.may_shear(rules.Animal(pregnant: False, cria: True, fleece_mm: 40))
  |> should.be_false
}
