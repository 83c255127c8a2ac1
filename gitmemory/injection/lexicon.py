"""English words the vocabulary rule (:mod:`gitmemory.injection.wording`) counts as used
in every repository: the language gitmemory's own instruction checks read, so that an
English note is never held for its words in a repository with little prose.  Other
languages and ciphers must be the repository's own.  The words of gitmemory's own
documentation (docs/*.md and README.md at 0.4.0; four letters or more, ASCII, the words
that name an agent left out), frozen here so that the rule does not move with the docs.
"""

from __future__ import annotations

WORDS = frozenset("""
aborted about above accepts access account accurate across action actionlint actions active
added additional address addresses adds admin adopt adversarial advice advises advisory
after afterwards again against aimed akia akiaiosfodnn alarm alarms algorithm alias aliases
alike alikes allcontributors alle allow allowed allows alone along alphanumeric already also
alternative always ambiguity ambiguous amend amended among ancestor ancestry anchor anchored
anchors anew angle another answer answered answers anthropic anweisungen anyone anything
anyway anywhere apart appear appeared appears append appended appending applied applies
apply approach approve arabic arbitrary architectural area areas args argument arguments
around arrive arrives artifact ascii aside asides asked asking asks assigned assignment
assignments atal atlassian atomic atomically attach attached attack attacker attacks attempt
attempts attributes audit auditor auth authentication author authored authorization
authorized authors auto autolink automatically automation autotools autoupdate available
avoid avoids azure back backdoor background backoff backs backslash backtick backticks
backtrack bake baked bare bars base based bash basic basics batch bcrypt bearer became
because become becomes been before began begin begins behaviour behind being belong belongs
below bench benchmark benchmarks bengali beside between beyond bidi binary bisect blob blobs
block blocked blocks blocky bodies body bookkeeping boolean booleans bootstrap borrows both
bots bound bounded bracket branch branched branches break breaking breaks brings broke
broken brought browser budget build builds built bullet bullets bump bumps bundled bundles
busy busybox button bypass bytes cache caches cake call called caller calls came camel canal
candidate cannot canonical capitals capped capping caps capture cargo carriage carried
carries carry cart carts case catalog catastrophically catching category caught cause caused
causes certain chain chaining chains change changed changelog changeme changes changeset
changesets changing channel channels character characters chars chat check checked checker
checking checklist checkout checkouts checks checksums cherokee cherry chinese chit chmod
choice choices choose chores chose chosen churn circle circles citable cite cited cites
citing class classifiers clause clean cleanly cleanup clear clearer clears click client
clients clone clones close closed closer closes cloud cmake code coded coder codes coding
collapsed colleague collect collector colon columns combine combining come comes comma
command commands comment commentary commented comments commit commitizen commits committed
committer common compact compaction compacts company compare compared compares comparison
comparisons compatible compiler compiles complete completion completions composed computed
concern concerned concerns concrete concurrency concurrent conda confidence config
configuration configure configured confirm confirmation confirmed confirms conflict
conflicts confusable confusables connection console consolidate consolidated consolidates
consolidation constant construction consult container containing contains content contents
context continue continued continues contract contracts contradict contributing contributor
contributors control controlled convention conventional conventions converge conversation
copied copies copy copying core cores corpora corpus corrected correction corrects cost
costs could count counted counting counts cover coverage covered covers cowardly crash
create created creates credential credentials csproj ctest ctrl curl current cursor
cursorrules custom customer customers customize cuts cyrillic czech dangerously danish data
database databricks date days dbdc deadline debug decide decided decides deciding decision
decisions declared declares declined decode decoded decorator dedupe deep deepened deepest
default defaults defence defences deferred defined defines definition delete deleted deletes
deleting deletion deliberately demand deny depend dependabot dependency deploy deployment
deprecated deprecation deprecations depth derived descends describe described description
descriptions design destination destroys destructive detached detail details detect
detectors deterministic deterministically developer developers development devrelease
diacritics diff differ difference different differs diffs digest digests digitalocean digits
direction directions directives directly directories directory disable disagree disarm
discord discover disk dispatcher displayed disregard dist distil distilled distils distinct
diverge docker dockerfile docs docstrings document documentation documented documents does
doing domain done door dotnet down download downloaded draw drifting driver drop dropped
drops dump duplicated duplicates durable during dutch each earlier early ecdsa ecfdbf echo
echoed ecosystem ecosystems edcd edge edit edited editing editor editorconfig edits either
element elements elif else elsewhere email emit empty enable enabled enables encoded
encrypted ended ending endings endpoint ends enforces english enough entities entity entries
entropy entry enum environ environment environments equal erongi error errors escape escaped
escapes eslint estimate eval even ever every everyone everything everywhere evidence
evidenced evolution evolve evolved evolves exact exactly examined example examples except
exceptions exclude excluded excludes exec executable execute executed execution exist
existed existence existent existing exists exit exits expand expansion expected expiry
explained explanations explanatory explicit explicitly export expose exposed exposes
expression expressions extra extract extracted extracting extraction extractions extractor
facing fact facts fail failed failing fails failure failures fake falls false families
family fare fast fastest feat feature fell fence fences fetch fetched fetches field fields
figures file filed filelock filenames files fill filled fillers fills filter filtering
filters find finder finding finds fine fingerprint fingerprints finished finishes finnish
fire first five fixed fixer fixes fixing fixture fixtures flag flags floor flow flows
flushed flyio fold folded folder folding folds follow followed following follows forbids
force forced forcing forged forget fork form format formats formatted formatter formatting
forms forward found four fragments framework free french fresh fresher friends from front
fsync full function functions further future fuzzy gains gate gateway gather gathers gave
geminicli generate generated generates german getenv gets gguf gist gitattributes gitconfig
githooks github gitignore gitlab gitleaks gitmemory give given gives glob global globs glpat
glued goes gofmt going gone gonosumdb good google goproxy gradle gradlew grafana grant
grants graph grapheme greek greenkeeper grep grounds group groups grows grpc guard guarded
guards guess guidance guide haiku half halved halves hand handed handful handle handlers
hands hangul happen happens hard hardened hardening harm harmless hash hashed hashes hashlib
hatch have head header headers heading headings heads health heaviest hebrew held heldout
help helper helpers here heroku hidden hide hides hiding high highest hindi hint histories
history hits hold holding holds home homoglyphs honour honoured hook hooks host hosted
hostile hosts hotfix hourly hours house housekeeping however html htpasswd http https huge
huggingface hundred hung hunk hunks husky hyphen idempotent identifier identity idle
ignorable ignore ignored ignores ignoriere ignoring image images imgbot imperative
implements import imported importing imports include included includes including indent
indented indents index indonesian inert info information infra inhalt inherit inherited init
inject injected injection inode input insecure insensitive inside inst install installed
installer installing installpkg installs instead instruction instructions integer
interactive internal interpolate interpreter interrupted into intro invalid invariants
invisible isinstance issue italian item items iterating itself japanese java jira jobs join
joiner joins journal json jsonl judge judged judgement judges judging just justfile justify
jwts keep keeping keeps kept keyed keys keystore killed kind kinds know knowledge known
knows kopiere korean lack lacked lacking lacks land lands lane language languages laptops
last latency later latest latin lautet layer layered layering layers layout lazily lazy lead
leaking lean leans learn learned learning learns least leave leaves leaving leetspeak left
leftovers legacy length lengthen less lesson lessons lets letter letters letting level
levels lexer library licence ligature like limit limits line linear liner lines link linked
links lint linter linters lints linux list listed listing lists literal live lives llama
llmprovider load loaded loader loadfile loads local localhost locally location lock logged
logger logic login logouts logs long longer look looked looking looks loop lose loses lost
lovelace lowbar lower lstat machine made mail mailgun main maintain maintained maintenance
major make makefile makes making malicious management manager manifest manifests many mapped
mapping maps mariadb mark markdown marked marker markers marks marshal mask masked master
match matched matcher matches matching material matrix matter matters maven meaning means
meanwhile measure measured measurement measures median meet meeting meets megabyte member
members memories memorize memorized memorizes memorizing memory mention mentioned mentions
merge merged merges mergify merging meson message messaged messages meta million
milliseconds mind mini minus minute mirror miss missed misses missing misspelt mixed mixes
mixtures mkdir mkdocs modal mode model modelled modified module modules moment month monthly
more most mostly move moved moves mshta msiexec mtime much multi must mypy mysql mysqldump
name named names naming native near need needed needs negation negations negative neither
nested netrc network neutralisation neutralise neutralised neutraliser neutralises
neutralising neutralize never newer newest newly news newsfragments next nfkc nobody node
noise none noreply normal normalised norwegian note notebook noted notes nothing notices
noting notion npmrc nuke null number numbers nvmrc oauth obey obeys object objects obsolete
occur occurs offered offers offline offs offset offsets often okapi older oldest ollama once
ones only onto open openai opened opening opens opted optimistic option optional optionally
options order ordered orders ordinary organisation origin original other others otherwise
ours outcome output outputs outright outside over overcommit overlong override overwrites
overwritten overwrote owner owns package packages packaging page pages paired pairs
paragraph parent parentheses parents parse parsed parser parses part partial parts pass
passed passes passing passwd password passwords passwort past paste pasted patch patches
path paths pattern patterns pays pedantic pega pending people percent period permalinks
permissions persian persist person personas phase phrase phrases phrasing pick picked picks
pieces pinned pins pipe piped pipeline pipelined pipelines pkcs place placed placeholder
placeholders plain plainly plan planetscale plans planted plugins plumbing plus pnpm poetry
point pointing points policy polish portuguese positive posix possible post posted postgres
postman posts power precede precedence precision precommit prefer prefix prefixes prerelease
prereleases prettier prevent prevents preview previews previous previously price print
printed printenv printf prints prior privacy private privilege proc process processes
produce profile program programs progress proj project projects promise promote prompt
prompting prompts properties property prose protected protection protocol prove provide
provider providers provisioning proxy prune public publish published pull pulled pulling
pulls pulumi punctuation pure purpose push pushed pushes puts pypi pypirc pyproject pyright
pytest python pythons pytorch pyup qualifier quality quarantine queries query question
questions quick quickstart quiet quote quoted quotes qwen raise raising rake rakefile random
range ranges rank ranked ranking ranks rapidfuzz rarely rarest rate rather reach reached
reaches read readable reader readers reading readme reads real really reason reasons rebase
rebased rebases rebasing rebuild rebuilds rebuilt recall receive received receives recent
recently recheck recipe recognisable recognised recomputed record recorded records recover
redact redacted redacting redaction redacts redirection redirects redis reduced refactor
reference references refresh refreshed refs refuse refused refuses refusing regenerated
regenerates regex regexes regexp register registered registers registration registry regsvr
regular reinstall rejects relative release releases relevance reliable reliably relied
relocate remain remains remember remembered remembering remembers remote removal removals
remove removed removes removing rename renamed renames renaming render rendered renderer
rendering renders renovate repair repeat repeated repeats replace replaced replaces
replacing reply repo report reported reporting reports repos repositories repository request
requests require required requirement requirements requires reserves reset resolve resource
response rest restated restates rested restore rests result resulting results resume
retitles retried retries retry return returns reuse reveal reverse reverses revert reverted
review reviewed reviewer reviewers reviews revision reworded rewording rewords rewrite
rewrites rewriting rewritten rewrote rhysd rides right robot role roles rollout rollouts
room root rotated rotation roughly round route routes routing ruby rubygems ruff rule rules
runner runners running runs runtime russian rust rustdocflags safe said salt same sandbox
sanitised sanitize sanitizing save saved saying says scan scanned scanner scanning scans
schedule schema scheme scope scoped scopes scoping scratch screen screened screenshots
script scripts search searched second seconds secrecy secret secrets section sections
security seeing seen sees selected selectors selects self selur semantic send sendgrid
sending sends sensitive sent sentence sentences sentry separated separator separators
sequences serialise serve served server servers serves service services session sessions
sessionstart sets setting settings settle settled settles setup setze seven seventh several
shadows shallow shape shapes share shared shares sharing shas shell shells shellwords shim
shims ships shop shopify short shorter should show showed shown shows siblings side sides
sighup sign signed signing sigterm silently similar since single site size sizes skeleton
skip skipped skipping skips slack slashes slot slots slow small smaller snap snapshots
snoitcerid snyk soft software solution some someone something sometimes sounds source
sources space spaced spaces spacing span spanish spans speak speaks specific speed spell
spelled spellings split splits spoken spotless spread square squash sshpass stable stack
stacked staged stale staleness stamp stamped stamps stand standard stands start started
starter starting starts startup stash state stated statement statements states status
statuses stay stays stderr stdin stdio stdlib steer steering stemmer step steps still stop
stopped stopping stops storage store stored stores stranger streams strict strictness string
strings stripe stroke stub stubs studio style subcommand subcommands subdirectory subject
subjects subprocess subproject subprojects subscripted subscription substantive substituted
success successfully such sudo suffix suite summaries summarised summarising summary sums
suoiverp supabase supplied supported surprise survives swapped swedish switch switched
switches switching symbol symlink symlinked symlinks symptom sync system table tables tags
take taken takes talk talked target targets task taskfile taskipy tasks taught teach team
teammate teammates teams tegrof telegram tell telling tells temperature template temporary
tenant tenants tens term terminal terraform terse test tested testing tests text texts
tfstate tfvars thai than that their theirs them thematic themselves then there therefore
these they thing things think thinking this those thousands three thresholds through
throughput ticket tidied tidies tier time timeout timeouts times timestamp timestamps tips
title titles together token tokens told tolerantly toml tomllib took tool toolchain
toolchains tools torch total totally touch touched touches touching tour towards traceback
track tracked tracking tracks traffic trailer trailers trailing transcript transcripts
travel travels treat treats tree trees triage tried tries trigger trimmed trivial trivy
troubleshooting true truncate truncation trusted trying tuned turbo turkish turn turned
turning turns twice twilio type typed types typical typing typo ukrainian unasked unassigned
unavailable unchanged under understood unicode uninstall uninstalling union unit united
unknown unless unmatch unquoted unredacted unrelated unreleased unresolved unsafe unset
unstaged until untouched untrusted update updated updates upgrade upstream urdu urllib
urlopen urls usable usage used useful useless user users uses using usual usually utils uuid
uuids valid validate validated validates valuable value values variable variables variant
variation vars vault vendor vendored venv verb verbatim verbose verbs verdict verdicts
verified verifier verify version versions vertical very vietnamese view virtualenv vitest
vllm vocabulary vorherigen wait waiting waits walk wall want wants warm warn warning
warnings warns watch watcher watches ways weaker webhook week weekly welcome well went were
wget what whatever wheels when whenever where wherever whether which whichever while
whitespace whoever whole whose whsec wide widen width wildcard will window windows windsurf
windsurfrules wing wings wins with withdraw withdrawal withdrawals withdrawn withdrew
withheld within without word wording words work worked workflow workflows working works
workspace worktree worktrees worse worst worth would wrapped wrappers write writer writers
writes writing written wrong wrote xxxx yaml yarn yield young your yours yourself zero
zizmor
""".split())
