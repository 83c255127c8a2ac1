"""English words the vocabulary rule (:mod:`gitmemory.injection.wording`) counts as used
in every repository: English is the language gitmemory's own instruction checks read,
and a young repository with little prose must keep its English notes.  Other languages
and ciphers must be the repository's own.  The words of gitmemory's own documentation
(docs/*.md and README.md at 0.4.0, without code spans, quotations and links, where the
docs quote attacks; four letters or more, ASCII, the words that name an agent left out),
frozen here so that the rule does not move with the docs.
"""

from __future__ import annotations

_TEXT = """
about above accepts access account accurate across action actionlint actions active address
addresses adds adversarial advice advises advisory after afterwards again against aimed
alarm alarms algorithm alias aliases alike alikes allow allowed allows alone along already
also alternative always ambiguity amend amended among ancestor ancestry anchor anchored anew
angle another answer answered answers anthropic anyone anything anyway anywhere apart appear
appeared appears append appended appending applied applies apply approach arabic arbitrary
architectural area areas argument arguments around arrive arrives artifact ascii aside
asides asked asking asks assigned assignment assignments atomic atomically attach attached
attack attacker attacks attempt attempts attributes audit auditor authentication author
authored authorized authors auto autolink automatically automation autotools available avoid
avoids azure back backdoor background backoff backs backslash backtick backticks backtrack
bake baked bare bars base bash basic basics batch bcrypt bearer became because become
becomes been before began begin begins behaviour behind being belong belongs below bench
benchmark benchmarks bengali beside between beyond bidi binary bisect blob blobs block
blocked blocks blocky bodies body bookkeeping boolean booleans bootstrap borrows both bots
bound bounded bracket branch branched branches break breaks brings broke broken brought
browser budget build builds built bullet bullets bump bumps bundled bundles busy button
bypass cache caches cake call called caller calls came camel candidate cannot canonical
capitals capped capping caps cargo carriage carried carries carry case catalog
catastrophically catching category caught cause causes certain chain chaining chains change
changed changelog changes changesets changing character characters chat check checked
checker checking checklist checkout checkouts checks checksums cherokee cherry chinese chit
chmod choice choices choose chose chosen churn cipher circle circles cite cited cites citing
class clause clean cleanly clear clearer clears click client clients clone clones close
closed closer closes cloud cmake code coded coder coding collapsed colleague collect colon
columns combining come comes comma command commands comment commentary commented comments
commit commitizen commits committed committer common compact compaction compacts company
compared compares comparison comparisons compatible compiler compiles complete completion
completions composed computed concern concerned concerns concrete concurrent conda
confidence config configuration configure configured confirm confirmation confirmed confirms
conflict conflicts confusable confusables connection console consolidate consolidated
consolidation constant construction consult container containing contains content contents
context continued continues contract contracts contradict contributing contributor
contributors control convention conventional conventions converge conversation copied copies
copy core cores corpora corpus corrected correction corrects cost costs could count counted
counting counts cover coverage covered covers crash create created creates credential
credentials curl current cursor custom customer cuts cyrillic czech danish data date days
deadline debug decide decided decides deciding decision decisions declared declares declined
decode decoded decorator dedupe deep deepened deepest default defaults defence defences
deferred defined defines definition delete deleted deletes deleting deletion deliberately
demand depend dependabot dependency deploy deprecated deprecation deprecations depth derived
descends describe described description descriptions design destination destroys destructive
detached detail details detectors deterministic deterministically developer developers
development diacritics diff differ difference different differs diffs digest digests digits
direction directions directives directly directories directory disable disagree disarm
discord disk dispatcher displayed disregard distil distilled distils distinct diverge
dockerfile docs docstrings document documentation documented documents does doing domain
done door dotnet down download downloaded draw drifting driver drop dropped drops duplicated
duplicates durable during dutch each earlier early echoed ecosystem ecosystems edge edit
edited editing editor edits either element elements else elsewhere emit empty enable enabled
enables encoded encrypted ended ending endings endpoint ends enforces english enough
entities entity entries entry enum environment equal error errors escape escaped escapes
estimate eval even ever every everyone everything everywhere evidence evidenced evolution
evolve evolved evolves exact exactly examined example examples except exceptions excluded
executable execute exempt exist existed existence existing exists exit exits expand
expansion explained explanations explanatory explicit explicitly export exposed exposes
expression expressions extra extract extracted extraction extractions extractor facing fact
facts fail failed failing fails failure failures fake falls false families family fare fast
fastest feature fence fences fetch fetched fetches field fields figures file filed filelock
files fill filled fillers fills filter filtering filters find finding finds fine fingerprint
fingerprints finished finishes finnish fire first five fixed fixer fixes fixing fixture
fixtures flag flags floor flow flows flushed fold folded folder folding folds follow
followed following follows forbids force forcing forged forget fork form format formats
formatter formatting forms forward found four fragments framework free french fresh fresher
from front frozen full function functions further fuzzy gains gate gateway gathers gave
generate generated generates german gets gist githooks github gitignore gitlab gitleaks
gitmemory give given gives glob global globs glued goes gofmt going gone good gradle grant
grants graph grapheme greek group groups grow grows guard guarded guards guess guidance
guide haiku half halved halves hand handed handful hands hangul happen happens hard hardened
harm harmless hash hashed hashes hatch have head header headers heading headings heads
health heaviest hebrew held help helper here hidden hide hides hiding highest hindi hint
histories history hits hold holding holds honour honoured hook hooks host hosted hostile
hosts hourly hours house housekeeping however huge humps hundred hung hunk hunks husky
hyphen idempotent identifier identifiers identity idle ignorable ignore ignored ignores
ignoring image images imperative implements import imported importing imports include
included includes including indented indents index indonesian inert information inherit
inherited init injected injection inode input insensitive inside install installed installer
installing installs instead instruction instructions integer internal interpreter
interrupted into intro invalid invariants invisible issue italian item items itself japanese
java jobs join joiner joins journal json judge judged judgement judges judging just justfile
justify keep keeping keeps kept keyed keys killed kind kinds know knowledge known knows
korean lack lacked lacking lacks land lands lane language languages laptops last later
latest latin layer layered layering layers layout lazily lead leaking lean leans learn
learned learning learns least leave leaves leaving leetspeak left leftovers length lengthen
less lesson lessons lets letter letters letting level levels lexer library licence ligature
like limit limits line linear liner lines link linked links lint linter linters lints linux
list listed listing lists literal little live lives llama load loaded loader loads local
locally lock logged logger logic logs long longer look looked looking looks loop lose loses
lost lower machine made mail main maintain maintained maintenance make makefile makes making
manager manifest manifests many mapped mapping maps mark markdown marked marker markers
marks mask masked master match matched matches matching matrix matter matters maven meaning
means meanwhile measure measured measurement measures median meet meeting meets megabyte
member members memories memorize memorized memorizes memorizing memory mentioned mentions
merge merged merges merging meson message messaged messages million milliseconds mind minus
minute mirror miss missed misses missing misspelt mixed mixes mixtures modal mode model
modelled modified module modules moment month monthly more most mostly move moved moves
mtime much must mypy name named names naming native near need needed needs negation
negations neither nested network neutralisation neutralise neutralised neutraliser
neutralises neutralising never newer newest newly news next nobody node noise none normal
normalised norwegian note noted notes nothing notices noting nuke number numbers obey obeys
object objects occur occurs offered offers offline offs offset offsets often okapi older
oldest ollama once ones only onto open openai opened opening opens opted optimistic option
optional optionally options order orders ordinary organisation origin original other others
otherwise ours output outputs outright outside over overcommit overlong override overwrites
overwrote owner owns package packages packaging page pages paired pairs paragraph parent
parentheses parents parse parsed parser parses part partial parts pass passed passes passing
password passwords past paste pasted patch patches path paths pattern patterns pays pedantic
pending people percent permissions persian person personas phase phrase phrases phrasing
pick picked picks pieces pinned pins pipe piped pipeline pipelined pipelines place placed
placeholder placeholders plain plainly plan plans planted plugins plumbing plus poetry point
pointing points policy polish portuguese posix possible post posted posts power precedence
precision prefer prefix prefixes prereleases prettier prevent preview previews previous
price print printed printenv prints privacy private privilege process processes produce
profile program programs progress project projects promote prompt prompts properties
property prose protected protection protocol prove provide provider providers provisioning
proxy public publish published pull pulled pulling pulls punctuation pure purpose push
pushed pushes puts pyproject pyright pytest python pythons qualifier quarantine queries
query question questions quick quickstart quiet quote quoted quotes qwen raise raising rake
rakefile random range ranges rank ranked ranking ranks rapidfuzz rarely rarest rate rather
reach reached reaches read readable reader readers reading readme reads real really reason
reasons rebase rebased rebases rebasing rebuild rebuilds rebuilt recall receive receives
recent recently recipe recognisable recognised recomputed record recorded records recover
redact redacted redacting redaction redacts redirection redirects redis reduced reference
references refreshed refs refuse refused refuses regenerated regenerates regexes register
registered registers registration registry regular reinstall rejects relative release
releases reliable reliably relied remain remains remember remembered remembering remembers
remote removal removals remove removed removes removing rename renamed renames renaming
render rendered renderer rendering renders renovate repeated repeats replace replaced
replaces replacing reply report reported reporting reports repositories repository request
requests require required requirements reserves reset resolve response rest restated
restates rested rests result resulting results retitles retried retries retry return returns
reveal reverse reverses revert reverted review reviewed reviewer reviewers reviews revision
reworded rewording rewords rewrite rewrites rewriting rewritten rewrote rides right role
rollout rollouts room root rotated rotation roughly round route routes routing ruby ruff
rule rules runner runners running runs runtime russian rust safe said same sandbox sanitised
sanitize sanitizing saved saying says scan scanned scanner scanning scans schema scope
scoped scopes scoping screen screened screenshots script scripts search searched second
seconds secrecy secret secrets section sections security seeing seen sees selectors selects
self send sending sends sensitive sent sentence sentences separated separator separators
sequences serialise serve served server servers serves service session sessions sessionstart
sets setting settings settle settled settles setup seven seventh several shallow shape
shapes share shared shares sharing shas shell shells shim shims ships short shorter should
show showed shown shows siblings side sides sighup sign signing sigterm silently since
single site size sizes skeleton skip skipped skipping skips slack slashes slot slots slow
small smaller soft solution some someone something sounds source sources space spaced spaces
spacing span spanish spans speak speaks speed spell spelled spellings split splits spoken
spread squash stable stack stacked staged stale staleness stamp stamped stamps stand
standard stands start started starter starting starts state stated statement states status
statuses stay stays stderr stdin stdio stdlib steer steering stemmer step steps still stop
stopped stops store stored stores stranger streams strictness string strings stroke stub
stubs studio style subcommand subcommands subdirectory subject subjects subproject
subprojects subscription substantive substituted success successfully such suffix suite
summaries summarised summarising summary sums supported surprise survives swahili swapped
swedish switch switched switches switching symbol symlink symlinked symlinks symptom sync
system table tables tags take taken takes talk talked target targets task taskfile taskipy
tasks taught teach team teammate teammates teams tell telling tells template temporary tens
term terminal terse test tested testing tests text texts thai than that their theirs them
thematic themselves then there therefore these they thing things think thinking this those
thousands three thresholds through ticket tidied tidies tier time timeouts times timestamp
timestamps tips title titles together token tokens told tolerantly toml took tool toolchain
toolchains tools torch total touch touched touches touching tour towards traceback tracked
tracking tracks traffic trailer trailers transcript transcripts travel travels treat treats
tree trees triage tried tries trimmed trivial trivy troubleshooting true truncation trying
tuned turbo turkish turn turned turning turns twice type typed types typical typo ukrainian
unasked unassigned unchanged under understood unicode uninstall uninstalling union united
unknown unless unquoted unredacted unreleased unresolved unsafe unset unstaged until
untouched untrusted unused update updated updates upgrade upstream urdu urls usable usage
used useful user users uses using usual usually uuid uuids valid validated validates
valuable value values variable variables variant variation vendored verb verbatim verbs
verdict verdicts verified verify version versions vertical very vietnamese virtualenv
vocabulary wait waiting waits walk wall want wants warm warning warnings warns watch watcher
watches ways weaker week weekly welcome well went were wget what whatever wheels when
whenever where wherever whether which whichever while whitespace whoever whole whose wide
width wildcard will window windows windsurf wing wings wins with withdraw withdrawal
withdrawals withdrawn withdrew within without word wording words work worked workflow
workflows working works workspace worktree worktrees worse worst worth would wrapped
wrappers write writer writers writes writing written wrong wrote yaml yarn yield young your
yours yourself zero zizmor
"""
WORDS = frozenset(_TEXT.split())
