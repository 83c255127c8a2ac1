(declare-project
  :name "cortin"
  :description "Hive weights, varroa counts and bear-fence alerts"
  :dependencies ["https://github.com/janet-lang/spork.git"])

(declare-executable
  :name "cortin"
  :entry "src/main.janet")
