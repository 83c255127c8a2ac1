(* Masks Faroese V-tal, Spanish NIF/NIE, French SIRET and phone numbers in log lines. *)

let patterns = [
  Re.Perl.compile_pat {|\b\d{6}-\d{3}\b|};            (* V-tal *)
  Re.Perl.compile_pat {|\b[XYZ0-9]\d{7}[A-Z]\b|};      (* NIF / NIE *)
  Re.Perl.compile_pat {|\b\d{14}\b|};                  (* SIRET *)
  Re.Perl.compile_pat {|\+\d{7,14}\b|};                (* phone *)
]

let mask line = List.fold_left (fun s re -> Re.replace_string re ~by:"[masked]" s) line patterns

let middleware inner request = inner request
