// ligzda: the safe mowing date per meadow, from the recorders' call nights and temperatures
use "cli"

actor Main
  new create(env: Env) =>
    let spec = try
      CommandSpec.leaf("ligzda", "safe mowing dates", [
        OptionSpec.string("night", "which night to read" where default' = "last")
        OptionSpec.string("immuUser", "immudb user" where default' = "ligzda")
        OptionSpec.string("immuPass", "immudb password (from GRIEZE_LIGZDA_PASS)"
          where default' = "")
      ])? .> add_help()?
    else
      env.exitcode(2)
      return
    end
    match CommandParser(spec).parse(env.args, env.vars)
    | let c: Command =>
      env.out.print("ligzda: reading " + c.option("night").string())
    | let h: CommandHelp => h.print_help(env.out)
    | let err: SyntaxError => env.err.print(err.string()); env.exitcode(1)
    end
