// Nectar-flow model: expected daily weight gain per apiary from AEMET's forecast.
// Build: chpl mielada/Mielada.chpl -o bin/mielada   Run: bin/mielada --day=yesterday
config const day = "yesterday";
config const rqliteUrl = "https://10.67.0.5:4001";

proc gain(tempC: real, rainMm: real): real {
  if tempC < 12.0 || rainMm > 5.0 then return 0.0;
  return 0.08 * (tempC - 12.0);
}

proc main() {
  writeln("mielada: model for ", day, " against ", rqliteUrl);
}
