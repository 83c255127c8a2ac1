"""English words the vocabulary rule (:mod:`gitmemory.injection.wording`) counts as used
in every repository: English is the language gitmemory's own instruction checks read,
and a young repository with little prose must keep its English notes.  Other languages
and ciphers must be the repository's own.

Frozen here so that the rule does not move with the docs: the words of gitmemory's own
documentation (docs/*.md and README.md at 0.4.0, without code spans, quotations and
links, where the docs quote attacks) and the words used three times or more in the
comments and docstrings of Python 3.11's standard library and in its documentation
topics (``pydoc_data``; tests, encodings and IDLE left out); four letters or more, ASCII,
the words that name an agent left out.
"""

from __future__ import annotations

_TEXT = """
aacute abbb abbreviated abbreviation abbreviations abcd abcde abcdef
abcdefghijklmnopqrstuvwxyz abcs abiflags ability ablah able abort aborted aborting about
above abruptly absence absent absolute abspath abstract abstraction abstractmethod
abstractmethods accelerate accelerator accept acceptable accepted accepting accepts access
accessed accesses accessible accessing accessor accessors accidental accidentally
accommodate acconfig according accordingly account accumulate accumulated accurate
accurately achieve acirc acknowledgment aclose acme acquire acquired acquires acquiring
across action actionlint actions activate active activebackground activeforeground
activestate activity acts actual actually acute adapt adapted adapter adaptive addbitmapdir
addcomponent added addinfourl adding addition additional additionally additions addr address
addresses addrinfo addrspec adds adequate adhere adjacent adjust adjusted adjusting
adjustment administered administrative administrator advance advanced advancing advantage
advantages adversarial advertise advertising advice advises advisory aelig aenter aexit
affect affected affecting affects after afterwards again against agen agrave agree agreed
agreement ahead aifc aiff aimed akin alarm alarms alaw alen alert algorithm algorithms alias
aliased aliases aliasing align aligned alignment alike alikes alist alive allfiles allocate
allocated allocation allocations allow allowable allowed allowing allows almost alone along
alongside alpha alphabet alphabetical alphabetically alphanumeric already also alter altered
alternate alternating alternative alternatives although altsep always ambiguities ambiguity
ambiguous amend amended among amount ampersand analogous analysis analyze ancestor ancestors
ancestry anchor anchored anchors anew angle angles animation anitem annotate annotated
annotating annotation annotations anonymous another answer answered answers anthropic
anymore anyobject anyone anything anyway anyways anywhere apache apart apostrophes
apparently appear appearance appeared appearing appears append appended appending appendix
appends apple applicable application applications applied applies apply applying appreciated
approach appropriate appropriately approximate approximately approximation arabic
arbitrarily arbitrary arch architectural architecture architectures archive archived
archivepath archives archiving archs arcname area areas aren arena arenas argparse argrepr
args argtuple argtypes argument arguments argv argval arial aring arire arising arithmetic
around arpa arrange arranged arranges array arrays arrive arrives arrow article articles
artifact ascending ascii asctime asdict aside asides asked asking asks aspects aspx
assembled assert asserted assertion assertions assign assigned assigning assignment
assignments assigns associated associating assume assumed assumes assuming assumption
assumptions asterisk astuple async asynccontextmanager asynchronous asynchronously asyncio
asyncore atexit atext athrow atilde atom atomic atomically attach attached attaching
attachment attack attacker attacks attempt attempted attempting attempts attention attlist
attr attrgetter attrib attribute attributeref attributes attrname attrs attrtext audio audit
auditing auditor augment augmented augments augop augtarget auml auth authenticate
authentication authinfo authkey authobject author authored authority authorization
authorized authors auto autolink automatic automatically automation autospec autotools
auxiliary available average averages avoid avoided avoiding avoids await awaitable
awaitables awaited awaits awakened aware away awoken azure back backdoor backed backend
background backgroundcolor backgroundimage backlog backoff backs backslash backslashed
backslashes backslashreplace backtick backticks backtrack backup backward backwards bacon
badly bail bake baked ball balloon band banner bare barf barrier bars base based baseline
basename bases bash basic basically basics basis batch bboo bbox bcde bcrypt bdist bearer
became because become becomes becoming been before began begin beginning begins behave
behaves behavior behaviors behaviour behind being believe belong belonging belongs below
bench benchmark benchmarks benefit bengali beside besides best beta betavariate better
between beyond bgcolor bgpic bidi bill binaries binary binascii bind binding bindings binds
bindtags bing binutils bisect bitbucket bitmap bits bitwise black blah blank blanks blob
blobs block blocked blocking blocks blocksize blocky blow bltin blue bodies body bogus
boilerplate bold bondage bong bookkeeping bool boolean booleans bootstrap bootstrapped
bootstrapping border borderwidth borrows both bother bots bottom bound boundaries boundary
bounded bounding bounds boxes bpbynumber bpnumber brace braced braces bracket bracketing
brackets branch branched branches break breakage breaking breakpoint breakpoints breaks
brian brief brings broadcast broke broken brought brown browse browser browsers brvbar
bubbles budget buffer buffered buffering buffers bufsize buggy bugs build builddate builder
builders building buildno builds built builtin builtins bullet bullets bump bumps bunch
bundled bundles bureaucracy business busy button buttons bypass bypassed bypasses byte
bytearray bytecode bytecodes bytecompile bytes bytesescapeseq bytesprefix bytestream
bytestring bztar cache cached caches caching cadefault cafile cake calculate calculated
calculating calculation calculations calendar calendars calibration call callable callables
callback callbacks called callees caller callers calling calls came camel cancel canceled
cancellation cancelled cancelling candidate cannot canonical canvas canvheight canvwidth
capabilities capability capable capacity capath capital capitalize capitalized capitals
capped capping caps capture captured capturing capwords care careful carefully cargo caron
carriage carried carries carry cascade case cased casefold cases casing cast catalog
catastrophically catch catches catching categories category caught cause caused causes
causing caution cavity cbreak ccedil ccompiler ccontent cdata cedil cedilla ceil ceiling
cell cellpadding cells cellspacing cent center centered central century cert certain
certainly certfile certificate certificates certs cfile cflags cget cgitb chain chained
chaining chains challenge challenges chance change changed changelog changes changesets
changing channel channels char character characters charged charjunk charmap charref chars
charset charsets chat chdir check checkbutton checked checker checkers checking checklist
checkout checkouts checks checksum checksums cherokee cherry child children chinese chit
chksum chmod choice choices choose chooser choosing chop chose chosen chown chrome chunk
chunked chunks chunksize churn cipher circle circles circular circumflex circumstances cite
cited cites citing claim claimed claims clamp clang clash class classdef classes classic
classification classifiers classmethod classmethods classname clause clauses clean cleaned
cleaning cleanly cleanup clear cleared clearer clearing clearly clears clearstamp
clearstamps clever cleverly click clicked clicking client clients clipboard clobbered clock
clockwise clone clones close closed closefd closer closes closest closing closure cloud
cmake cmdclass cmdloop code codec codecs coded coder codes coding coefficient coerce coerced
coercion colgroup collapse collapsed colleague collect collected collecting collection
collections collector collects colno colon colons color colormap colormode colors
colorstring colspan column columns combination combinations combine combined combining
combobox come comes coming comma command commandline commands commas comment commentary
commented comments commenturl commercial commit commitizen commits committed committer
common commonly commonpath commonprefix communicate communication comp compact compaction
compacts company comparable compare compared compares comparing comparison comparisons
compat compatibility compatible compensate compilation compile compiled compileflags
compiler compilers compiles compiling complain complement complete completed completekey
completely completer completes completing completion completions complex complexity
compliance compliant complicated complication comply compname component components composed
composite compound comprehension comprehensions compress compressed compression
compresslevel compressor comptype computation computations compute computed computer
computes computing concatenate concatenated concatenating concatenation concept concern
concerned concerns concrete concurrent concurrently conda condensed condition conditional
conditions conf confidence config configparser configurable configuration configurations
configurator configure configured configuring confirm confirmation confirmed confirms
conflict conflicting conflicts conform conformance conforming confstr confusable confusables
confuse confused confusing confusion conjunction conn connect connected connecting
connection connections connector connects consecutive consequence conservative consider
considered considering consist consistency consistent consisting consists console
consolidate consolidated consolidation const constant constants constraint constraints
construct constructed constructing construction constructor constructors constructs consult
consume consumed consumer consumes consuming consumption contact contain contained container
containers containing containment contains content contents context contextmanager contexts
contextual contiguous continuation continuations continue continued continues continuing
continuous contract contracts contradict contrarily contrast contravariant contribute
contributed contributing contributor contributors control controlled controller controlling
controls convenience convenient convention conventional conventions converge conversation
conversion conversions convert converted converter converting converts cooked cookie
cookiejar cookies coord coordinate coordinates copied copies coprime copy copyfile
copyfileobj copying copyreg copyright copystat copytree core cores corner coro coroutine
coroutines corpora corpus correct corrected correction correctly correctness corrects
correlation correspond correspondence corresponding corresponds cost costs could couldn
count counted counter counterclockwise counters counting country counts couple course
courtesy covariance covariant cover coverage coverdir covered covers cpython crash create
created creates creating creation creator credential credentials credits critical crle cross
crude crypt crypto ctext ctime ctypes cumtime cumulative curdir curl curly curren currency
current currentframe currently curses cursor custom customer customization customize
customized cutoff cuts cycle cycles cyclic cygwin cygwinccompiler cyrillic czech daemon
daemonic dagger damages dance dangerous dangling danish darwin dash dashes data database
databases dataclass dataclasses datagram dataset datatype dataurl date datefmt dates
datetime daylight days ddir dead deadline deadlock deadlocks deal dealing deals dealt debug
debugged debugger debugging decide decided decides deciding decimal decision decisions decl
declaration declarations declare declared declares declined decodable decode decoded decoder
decoders decodes decodestring decoding decompress decompressed decompressor decor decorated
decorating decoration decorator decorators decr decreased decreases decref decrement
decremented dedent dedicated dedupe deemed deep deepcopy deepened deeper deepest deepfreeze
deeply default defaultdict defaulting defaults defect defects defence defences defer
deferred define defined defines defining definitely definition definitions deflate
defparameter defpath defproperty degree degrees delay delayed delegate delegates delegation
delete deleted deletes deleting deletion deletions deliberately delim delimited delimiter
delimiters delims deliver delivered delivery delta deltas demand demo denial denied
denominator denominators denote denotes density deny depend dependabot dependence
dependencies dependency dependent depending depends deploy deprecated deprecation
deprecations depth deque dereferenced derive derived derives descendant descendants descends
describe described describes describing description descriptions descriptor descriptors
design designed desirable desired despite dest destination destinations destroy destroyed
destroys destructive destructor detach detached detail detailed details detect detected
detecting detection detectors detects determine determined determines determining
deterministic deterministically devanagari developed developer developers development
deviation deviations device devices devnull devpoll diacritics diaeresis diagnostic diagram
dialect dialog dialogs dialogue dialogues diameter diamond dict dictionaries dictionary
dicts dictview didn died dies diff differ difference differences differencing different
differently differing differs difficult difflib diffs digest digestmod digests digit
digitpart digits dimension dimensional dinv dirbox dircbx dircmp direct direction directions
directive directives directly directories directory directs dirlist dirname dirnames dirpath
dirs disable disabled disabledforeground disabling disagree disallow disallowed disappear
disarm disassemble disassembled disassembly discard discarded disclaimer disconnected
discord discover discovered discovery discrete discussed discussion discussions dishes disk
dispatch dispatched dispatcher display displayed displayhook displaying displaylist
displayof displays disposition disregard dist distance distclass distil distilled distils
distinct distinction distinctions distinguish distinguishes distribute distributed
distribution distributions distributors distutils ditto diverge divide divided dividend
dividing divisible division divmod dllwrap dlopen dockerfile docs docsdict docstring
docstrings doctest doctests doctype document documentation documented documents docutils
does doesn doing domain domains done door dotnet dots dotted double doubling doubly down
download downloaded downwards draft drag dragged dragging dragsite dragto drain drained
draining drains draw drawing drawings drawn drifting drive driven driver drives drop dropped
drops dropsite dstoff dtext dual dubious duck dumb dumbdbm dummy dump dumps dunder duplicate
duplicated duplicates durable duration during dutch dyld dylib dynamic dynamically each
eacute eager earlier earliest early easier easily east easy echo echoed ecirc economy
ecosystem ecosystems edge edit edited editing editor edits effect effective effectively
effects efficiency efficient efficiently effort egenix eggs egrave ehlo eight either elapsed
elegant elem element elements elif eliminate eliminates eliminating elinks ellipsis else
elsewhere email embed embedded embedding emit emits emitted emitting emptied empty
emscripten emulate emulates emulation enable enabled enables enabling encapsulated
encapsulates enclosed encloses enclosing encodable encode encoded encoder encoders encoding
encodings encounter encountered encounters encourages encrypted encryption endchars ended
endian endianness endif ending endings endpats endpoint endpoints ends enforce enforced
enforces engine engineering english enhanced enhancements enough enqueued ensure ensures
ensuring enter entered entering enters entire entirely entities entity entries entropy entry
entrycget entryconfigure enum enumerate enumeration enumerations enums envelope environ
environb environment environments epilog epilogue epoch epoll epsilon equal equality equally
equals equiv equivalent equivalently equivalents errno erroneously error errors errread
errwrite escape escaped escapes escaping especially essential essentially establish
established estimate estimated etree etype euml euro eval evaluate evaluated evaluates
evaluating evaluation evaluations even event events eventually ever every everybody everyone
everything everywhere evidence evidenced evolution evolve evolved evolves exact exactly
examination examine examined example examples exceed exceeded exceeds excel except
excepthook excepting exception exceptional exceptions excess exclamation exclude excluded
excludes excluding exclusion exclusive exclusively exec executable executables execute
executed executes executing execution executor execv exempt exhausted exhaustive exist
existed existence existent existing exists exit exitcode exited exiting exitmsg exits exotic
expand expanded expands expandtabs expanduser expansion expansions expat expatreader expect
expectation expectations expected expecting expects expense expensive experimental expire
expired expires explain explained explaining explanation explanations explanatory explicit
explicitly exponent exponents export exported exporting exports exportselection expose
exposed exposes expovariate expr express expressed expression expressions extend extended
extending extends extensible extension extensions extensive extent external externally extra
extract extracted extracting extraction extractions extractor extracts extraglobs extras
extreme extremely extsep eyeballs face facilities facility facing fact factor factors
factory facts fail failed failfast failing failobj fails failure failures fair fairly
faithfully fake fall fallback falling falls false familiar families family fancy fare
fashion fast faster fastest fatal fault faulthandler favor fchmodat fdopen feature features
feed feedback feeding fence fences fetch fetched fetches fetching fewer fiddling field
fieldname fields fifo figure figures file filed filedialog filelist filelock filemode
filename filenames fileno fileobj filepath files filesystem filesystems filetypes fill
fillchar fillcolor filled fillers filling fills filter filtered filterfunc filtering filters
final finalization finalize finalized finalizer finalizers finalizing finally find findall
finder finders finding finds fine finger fingerprint fingerprints finish finished finishes
finishing finite finnish fire firebird firefox first fits five fixed fixer fixers fixes
fixing fixture fixtures fixup flag flagged flags flam flash flat flattened flavors flavour
flaws flexibility flexible flim flimflam float floating floatnumber floats floor floordiv
flow flows flush flushed flushes flushing fmean fname fnmatch fnmatchcase focus fold folded
folder folding folds follow followed following follows font forbidden forbids force forces
forcibly forcing foreground foreign forever forged forget forgotten fork forked forking
forkserver form formal format formats formatted formatter formatters formatting
formatwarning formed former forms formula forth forward forwarded found four fourth fprofile
fraction fractional fractions fragment fragments frame framerate frames framework fredrik
free freed freedesktop freely freeze french frequencies frequency frequently fresh fresher
friendly friends from frombuf fromfd fromisoformat fromkeys fromlines fromlist fromshare
fromutc front frozen frozenset frozensets fsbox fspath fstat ftplib fudge fulfilled full
fullname fully func funcdef funcname function functional functionality functionally
functions functools funny further future futures fuzzy fvisibility fwalk fwrapv gain gains
gamma garbage gate gateway gather gathered gathers gave general generally generate generated
generates generating generation generator generators generic generics geometry german
getaddrinfo getandroidapilevel getargvalues getatime getattr getattribute getboolean
getclasstree getcompname getcomptype getcontext getctime getdefaultlocale getdoc getencoding
getfixture getframerate getfullargspec gethostbyaddr gethostname getitem getlines getmark
getmarkers getmembers getmtime getnchannels getnframes getopt getoutput getparams getparser
getpass getpid getpreferredencoding getproxies getrandbits getroot gets getsampwidth
getscreen getset getsize getsockname getsourcelines getstate getstatusoutput getter getters
gettext getting gettotalrefcount getturtle geturl ghaering gist githooks github gitignore
gitlab gitleaks gitmemory give given gives giving glibc glob global globally globalns
globals globs glued gmail gmtime gname goal goes gofmt going gone good goof gopher goto
gotten grab gracefully gradle graft grail grained grammar grant granted grants graph
grapheme graphics grave graymap great greater greatest greedy greek green greeting greg grey
grid group grouped grouping groups grow growing grows guarantee guaranteed guarantees guard
guarded guards guess guessed guidance guide guido guna gward gzip gzipped gztar hack hacked
haiku half halved halves hand handed handful handing handle handled handler handlers handles
handling hands handshake handy hangul happen happened happens happy hard hardcoded hardened
harder hardlink hardware harm harmless harmonic hasattr hash hashable hashed hashes hashing
hashlib hasn hatch have haven having hdrcharset head header headers headersonly heading
headings heads health heap heapify heappop heappush heapq heapreplace heaps heaviest heavily
heavy hebrew height held hell hello helo help helper helpers helpful helps helvetica hence
here hereby heterogeneous heuristic heuristics hexadecimal hexdigest hextets hidden hide
hides hideturtle hiding hierarchical hierarchy high higher highest highlight
highlightbackground highlightcolor highlights highlightthickness hindi hint hinting hints
historical historically histories history hits hitting hlist hmac hold holder holding holds
home homogeneous honored honour honoured honours hook hooks hope hopefully horizontal
horizontally host hosted hostile hostmask hostname hosts hour hourly hours house
housekeeping however href httponly huge human humps hundred hung hunk hunks husky hyphen
hyphenated hyphens iacute iana icirc icon iconbitmap icons icursor idea ideal idempotent
ident identical identification identified identifier identifiers identifies identify
identifying identities identity idle idna ietf iexcl ignorable ignore ignored ignores
ignoring igrave illegal imag image images imaginary imap imaplib immediate immediately
immutable impedance imperative impl implement implementation implementations implemented
implementing implements implicit implicitly implied implies imply import importable
important importantly importconfig imported importer importers importing importlib imports
imposed impossible improper improperly improve improved improvements inappropriate include
included includes including inclusion inclusive incoming incompatible incomplete
inconsistencies inconsistent incorporated incorrect incorrectly incr increase increases
increasing incref increment incremental incremented incrementing indefinitely indent
indentation indented indentlevel indents independent index indexable indexed indexes
indexing indicate indicated indicates indicating indication indicator indicatoron indicators
indices indirect indirectly individual indonesian inefficient inert inexact infer inferred
infile infiles infinite infinities infinity info informal information informational
informative infoset inherit inheritable inheritance inherited inheriting inherits init
initargs inited initial initialcolor initialdir initialfile initialised initialization
initialize initialized initializer initializers initializing initially initlog initscr
injected injection inline inner inode inplace input inputs inqueue insensitive insensitively
insert insertbackground insertborderwidth inserted inserting insertion insertofftime
insertontime inserts insertwidth inside insist insofar inspect inspected inspecting
inspection inspects inspired inst install installation installations installed installer
installing installs instance instances instantiate instantiated instantiates instantiating
instantiation instead instructed instruction instructions intact integer integers integral
integration integrity intelligence intended intent intentional intentionally inter interact
interaction interactions interactive interactively intercept interest interested interesting
interface interfaces interfere interior intermediate intermixed intern internal internally
internals internationalization internationalized interned internet interning interoperate
interpolation interpolations interpret interpretation interpreted interpreter interpreters
interprets interrupt interrupted intersection interval intervals intimate into intraline
intrinsic intro introduce introduced introduces introspection ints intuitive invalid
invalidation invalidcommand invariant invariants inverse invert inverted investigate
invisible invocation invocations invoke invoked invokes invoking involve involved involves
involving iota ipaddress ipython iquest irrational irrefutable irrelevant isabs isatty
isclass iscoroutine iscoroutinefunction isdatadescriptor isdecimal isdir isdown isdst
iselement isfile isfirstline isfunction isidentifier isinstance isjunk iskeyword islink
ismethod isocalendar isoformat isstdin issubclass issue issued issues issuing isupper
isysroot italian item itemgetter items iter iterable iterables iterate iterated iterates
iterating iteration iterator iterators iterencode iterfind itermonthdates iterparse
itertools itself iuml japanese jaraco java javascript jobs join joined joiner joining joins
journal jpeg json judge judged judgement judges judging juice jump jumps junctions junk just
justfile justify kappa keep keepends keeping keeps kept kernel keyboard keycode keyed
keyfile keyparam keys keysym keyword keywords kfmclient kill killed kind kinds know
knowledge knowledgecenter known knownfiles knows konqueror korean kqueue kwarg kwargs kwlist
kwonlyargs kwonlydefaults label labelframe labels labelside lack lacked lacking lacks laddr
lambd lambda lambdas land lands lane lang language languages lappend laptops laquo large
largely larger largest largs last lasti lastly late later latest latin latitude latn latter
launch launched launcher launching layer layered layering layers layout layouts lazily lazy
lchmod lchown lcrypto ldconfig ldflags lead leader leading leads leaf leak leaking lean
leans leap learn learned learning learns least leave leaves leaving leetspeak left leftmost
leftover leftovers leftright leftwards legacy legal legally legitimate lemburg length
lengthen lengths lenient less lesson lessons lets letter letters letting level levelname
levels lexer lexical lexically lexicographically lexists lfoo liable libc libedit libexpat
libfoo libmpdec libpython libraries library libs libwww licence license licenses licensing
lies life ligature lightweight like likelihood likely likewise limit limitation limitations
limited limiting limits line linear linearization linebuf linecache linefeed linejunk lineno
linenumber liner lines linesep lineterm link linkage linked linker linking linkname linkpath
links lint linter linters lints linux list listbox listdir listed listen listener listening
listfuncs listing lists literal literally literals little live lives llama load loaded
loader loaders loading loads local localcontext locale localeconv locales localhost
localization localize localized locally localname localns locals localtime locate located
locating location locations locator lock locked lockf locking locks logarithm logb logged
logger loggers logging logic logical login logo logout logs lone long longbytesitem longer
longest longitude longlist longname longstringitem look lookahead looked looking looks
lookup lookups loop loopback looping loops loose loosely lose loses losing loss losslessly
lost lots lower lowercase lowercased lowercasing lowest lstat lstrip lynx lzma macdef
machine machinery macr macro macros made magic magnitude mail mailbox mailboxes mailcap
mailfrom mailhost mailto main mainloop mainly maintain maintained maintainer maintaining
maintains maintenance maintype major make makedirs makefile makelocalealias makes makesetup
making malformed malloc manage managed management manager managers manages managing mandate
mandates mandatory mangled manifest manifests manipulate manipulated manipulating
manipulation manner manual manually many mapdict mapped mapping mappings maps mark markdown
marked marker markers marketing marking markobject marks markup marshal marshalled
marshalling mask masked master match matched matches matching math mathematical matrix
matter matters maven maxheaderlen maximal maximum maxlen maxlevels maxlinelen maxsize
maxsplit maxval maybe mbox mcygwin mdiff mean meaning meaningful meanings means meant
meanwhile measure measured measurement measures measuring mechanism media median mediatype
meet meeting meets mega megabyte member members membership memo memoize memories memorize
memorized memorizes memorizing memory memoryview mention mentioned mentions menu menubutton
menus merely merge merged merges merging meson mess message messaged messages messed messy
meta metaclass metaclasses metadata metavar meth method methodcaller methodresponse methods
metrics mick micro microsecond microseconds microsoft middle middleware middot midi midnight
midpoint midst might mild million millisecond milliseconds mime mimic mimics mind mini
minidom minimal minimize minimum minimumwidth minor minsize minus minute minutes minval
mirror misc miscellaneous mismatch misplaced misrepresented miss missed misses missing
misspellings misspelt mistake mixed mixes mixin mixing mixtures mkdir mkdtemp mknod mkpath
mkstemp mktemp mktime mmap mock mocked mocking mocks modal mode model modelled modern modes
modification modifications modified modifier modifiers modifies modify modifying modname
module modulefinder modulename modules modulo modulus moment monetary monitor monitored mono
monotonic month monthly months more mortem mosaic most mostly motivation mount mounted mouse
move moved movement moves moveto moving mozilla mpeg msec msgid msgids msvccompiler msword
mtime much multi multicall multicast multiline multimode multipart multiple multiplexer
multiplication multiplied multiply multiplying multiprocess multiprocessing multiset
multithread must mutability mutable mutate mutated mutating mutex mutual mutually mydata
mypen mypkg mypy nabla naive name named namedtuple namedtuples namereplace names namespace
namespaces naming nargs narrower narrowing nasty native natural nature nbframe nbits nbytes
ncalls nchannels ncoghlan ncurses ndiff ndigits near nearest nearly necessarily necessary
need needed needing needs negation negations negative neginf negotiate negotiated
negotiation neither nemu ness nested nesting netloc netmask netmasks netrc netscape network
networks neutralisation neutralise neutralised neutraliser neutralises neutralising never
newchildren newer newest newitem newline newlines newly news next nextfile nframes nice
nicely nicer nightmare nine nntplib nobody nocover node nodes noise nologo none nonempty
noninteger nonlocal nonnegative nonnumeric nonzero noop nopic noqa noresize norm normal
normalised normalization normalizations normalize normalized normalizing normally normcase
normpath north norwegian nosetuid nosigint notation notations note notebook noted notes
nothing notice noticeable noticed notices notification notifications notified notify noting
notion nsec nthree ntilde ntpath ntree ntwo nuke null number numbering numbers numerator
numerators numeric numerical numerically nynorsk oacute obey obeys objc objdump object
objects obscure observed obsolete obsoletes obtain obtained obtaining obvious obviously
occur occurred occurrence occurrences occurring occurs ocert ocirc octal octet octets
offending offer offered offers official offline offs offset offsets offvalue often ograve
okapi okay older oldest ollama omega omicron omit omitted once onclick onerror ones only
onto onvalue onward onwards opaque oparg opcode opcodes open openai opened opener openhook
opening openpty opens opensource opera operand operands operate operates operating operation
operations operator operators opname opportunities opposed opposite opted optimal optimistic
optimization optimizations optimize optimized option optional optionally optionals
optionflags options optparse opts orange order ordered ordering orders ordf ordinal ordinals
ordinary ordm oreo organisation orggre orient orientation oriented origin original
originally originate originated osascript oslash osname other others otherwise otilde ought
ouml ours ourselves outcome outcomes outer outerboundary outfile outline outlined output
outputs outqueue outright outside over overall overcommit overflow overflows overhead
overkill overlap overlapped overlapping overlaps overload overloaded overloads overlong
overridable overridden override overrides overriding overview overwrite overwrites
overwriting overwritten overwrote owned owner ownership owns pack package packager packages
packaging packed packet packets packing padded padding paddings padx pady page pager pages
paging pair paired pairing pairs pane panecget paneconfigure panedwindow panes para
paragraph parallel param parameter parameterized parameters paramflags params pardir parens
parent parentheses parenthesis parenthesized parents parse parseaddr parsed parser parsers
parses parsing part partial partially partialmethod particular particularly parties parts
party pass passed passes passing passive passwd password passwords past paste pasted pasting
patch patched patches patching patchings patchlevel path pathlib pathname pathnames paths
pathsep pattern patterns paused pauses payload pays pedantic peek peer peername peers
pencolor pending pendown penguin pensize penup people peps percent percentage percentile
perfectly perform performance performed performing performs perhaps period periods perl
permanently permission permissions permissive permit permitted persian persistent person
personas perspective pertaining pformat phase photo phrase phrases phrasing physical pick
picked picklable pickle pickled pickler pickles pickletools pickling picks picname pict pids
piece pieces ping pinned pins pipe piped pipeline pipelined pipelines pipes pitrou pixel
pixels pixmap pkgutil place placed placeholder placeholders placement places placing plain
plainly plaintext plan plans planted plat platbase platform platforms platinclude platlib
platlibdir platstdlib plausible play please plen plist plistlib pluggable plugins plumbing
plural plus plusmn poetry point pointed pointer pointfloat pointing points policy polish
poll polling poly polygon polyitem pool poor popdown popen popitem poplib popped popping
pops popular populate populated population popup port portability portable ported portion
portions portuguese position positional positionals positioned positions positive positives
posix posixmodule posixpath posixrules possibilities possibility possible possibly post
posted posting postpone posts postscript potential potentially pound power powerful
powerpoint powers pprint practical practice practices pragma preamble prec precede preceded
precedence precedes preceding precise precision predecessor predecessors predefined
predicate predicates predictable preexisting prefer preference preferred prefix prefixed
prefixes prefixlen prep prepare prepared preparing prepend prependdir prepended prepending
preprocess preprocessor prerelease prereleases presence present presentation presented
presents preserve preserved preserves preserving preset press pressed pressing presumably
presume pretend prettier pretty prev prevent preventing prevents preview previews previous
previously price primarily primary prime primitive primitives principle print printable
printables printed printenv printf printing prints prior priorities priority privacy private
privilege proactor probability probably problem problems proceed proceeds process processed
processes processing processor processors prod produce produced producer produces producing
product productdir production products profile profiler profiling prog progname program
programmatically programmer programming programs progress prohibit prohibited project
projects proleptic promote prompt prompting prompts proof propagate propagated propagation
proper properly properties property proportional proposal proposed prose prospero protect
protected protection proto protocol protocols prototype prove provide provided provider
providers provides providing provision provisioning proxies proxy prune pseudo pstats pstdev
pstring ptext public publicity publish published pull pulled pulling pulls pump punctuation
pure purelib purely purge purpose purposefully purposes push pushed pushes pushing putheader
putline putrequest puts putting pvariance pyconfig pydebug pydict pydistutils pydoc pyenv
pyepat pyexpat pylist pypi pypirc pyproject pyright pyset pytest python pythons pythonw
pythonware pyvenv pyversion qcontent qname qnames qsize quad quadratic qualified qualifier
qualname quanta quantiles quantize quarantine queried queries query querying question
questions queue queued queues quick quickly quickstart quiet quit quite quitting quopri
quoprimime quot quota quotation quote quotechar quoted quotes quotient quoting qwen race
races raddr radians radio radiobutton radius raise raised raises raising rake rakefile
random randomly randrange range ranges rank ranked ranking ranks ranlib rapidfuzz raquo rare
rarely rarest rargs rast raster rate rather ratio rational rationale rationals ratios
rcpttos reach reachable reached reaches reaching reacquire read readable reader readermode
readers readexactly readframes reading readinto readline readlines readlink readme readonly
readrc reads ready real realaudio reality really realm realname realpath reap reaped reason
reasonable reasonably reasons rebase rebased rebases rebasing rebind rebuild rebuilding
rebuilds rebuilt recalculating recall receipt receive received receiver receives receiving
recent recently recipe recipes recipient recipients recognisable recognised recognize
recognized recognizes recommendation recommended recommends recompiled recomputed reconnect
reconstruct record recorded recording records recover recoverable recovery recreate
recreated recreation rectangle recurring recurse recursing recursion recursive recursively
recv recwarn redact redacted redacting redaction redacts redefine redefinition redirect
redirected redirecting redirection redirections redirects redis redistribute redistribution
redo reduce reduced reduces reduction redundant reentrant refactoring refer reference
referenced references referencing referent referred referring refers reflect reflected
reflection refolded reformatted refreshed refs refuse refused refuses refwindow regard
regardless regards regen regenerate regenerated regenerates regex regexes regexp region
register registered registering registers registration registry regression regular
reinitialize reinstall reject rejected rejects related relations relationship relationships
relative relatively relax release released releases relevant reliable reliably relied relief
relies reload relocated relpath rely remain remainder remaining remains remember remembered
remembering remembers remind remote removal removals remove removed removeprefix removes
removesuffix removing rename renamed renames renaming render rendered renderer rendering
renders renovate reopen reparse repeat repeatdelay repeated repeatedly repeatinterval
repeats repetition repetitions repl replace replaced replacement replaces replacing replied
replies reply report reported reporting reports repositories repository repr represent
representable representation representations represented representing represents reprlib
reproduce reproducible reproducing request requested requests require required requirement
requirements requires requiring requote reraise reraised rescale resembles resent reserved
reserves reset resetoptions resets resetting resize resizemode resolution resolve resolved
resolving resort resource resources resp respect respected respecting respective
respectively respond response responses responsibility responsible rest restart restarted
restated restates rested restore restored restores restoring restrict restricted restriction
restrictions restrictive restructuredtext rests restype result resulting results resume
resumed resumes resuming retain retained retaining retains retitles retr retried retries
retrieval retrieve retrieved retrieves retrieving retrlines retry retrying return returncode
returned returning returns retval reuse reused reveal reverse reversed reverses reversible
revert reverted review reviewed reviewer reviewers reviews revised revision rewind reworded
rewording rewords rewrite rewrites rewriting rewritten rewrote rfile rich rides right
rightmost rights ring risk risks rmdir rmtree road robotparser robots rocky role rolling
rollout rollouts rollover room root rooted roots rotate rotated rotating rotation rough
roughly round roundable rounded rounding rounds roundtrip route routes routine routines
routing rows rpath rset rstrip rtspu ruby ruff rule rules runcall runctx runeval runner
runners running runs runtime rushing russian rust safe safely saferepr safety said sake salt
same samefile sameopenfile samestat sample samples sampling sampwidth sandbox sane sanitised
sanitize sanitizing sanity sash sashes satisfied satisfy sausage save saved saves saving
savings saying says sbin scalar scale scaleb scan scandir scanned scanner scanning scans
scenarios schedule scheduled scheduler schedules scheduling schema scheme schemes scientific
scope scoped scopes scoping score screen screened screenshots script scripts scroll
scrollable scrollbar scrollbars scrolled sdist search searched searches searching second
seconds secrecy secret secrets sect section sections secure security seed seeing seek
seekable seeking seeks seem seems seen sees segment segments select selectbackground
selectborderwidth selectcolor selected selectforeground selecting selection selections
selectmode selector selectors selects self semantic semantically semantics semaphore
semaphores semi semicolon semicolons send sender sendfile sending sendmail sendmsg sends
sense sensible sensitive sent sentence sentences sentinel sentinels separate separated
separately separates separating separation separator separators sequence sequences
sequential serbocroatian serial serialise serialised serializable serialization serialize
serialized serializer series serious serve served server servers serverthread serves service
serving session sessions sessionstart setattr setblocking setcomptype setcontext setdefault
setframerate seth setheading setlocale setmark setmode setnchannels setnframes setparams
setpos setposition setprofile sets setsampwidth setstate settable settiltangle setting
settings settle settled settles settrace setuid setup setuptools setworldcoordinates seven
seventh several severity shall shallow shape shapename shapes shapesize shapetransform share
shareable shared shares sharing sharp shas shear shearfactor shebang shelf shell shells
shelve shield shift shifted shifting shim shims shipped ships shlex short shortbytesitem
shortcut shorten shorter shortest shorthand shortname shortstringitem shot should shouldn
show showed showing shown shows showturtle showwarning shrinking shut shutdown shutil
shutting sibling siblings side sides sighup sigma sign signal signaling signalled signals
signature signatures signed significant significantly signify signing signs sigterm silent
silently similar similarity similarly simple simpledialog simpler simplest simplicity
simplified simplify simply simulate simulates simultaneous simultaneously since single
singledispatch singleton singletons sips site sitecustomize sitedir sites sits situation
situations size sized sizehint sizeof sizes skeleton skip skipkeys skipped skipping skips
skipstone slack slant slash slashes slated slave slaves sleep slice slices slicing slider
slightly slistbox slope slot slots slow slower slowest slurp small smaller smallest smtplib
snapshot snews sock socket socketpair sockets sockname socks socktype soft software solaris
sole solely solution some somebody someone something sometimes somewhat somewhere soon
sophisticated sort sorted sorting sorts sound sounds source sourceforge sources south sowt
space spaced spaces spacing spacious spam spammish span spanish spans sparse spawn spawned
spawning spawnlp spawnv spawnvp speak speaking speaks spec special specializations
specialized specially specific specifically specification specifications specified specifier
specifiers specifies specify specifying specs speed speeding speeds speedup spell spelled
spelling spellings spent spinbox spirit split splitdrive splitext splitlines splits splittag
splitting spoken spread spurious square squared squash srcdir sslcontext stable stack
stacked stacking stacklevel stackslice staged stages stale staleness stamp stamped stamps
stand standalone standard standards stands star starmap starred start started starter
starting starts startup startupinfo startx starty stat state stated stateless statement
statements states statespec static statically staticmethod statistics stats status statuses
statvfs stay stays stderr stdev stdin stdio stdlib stdname stdoff stdout steal steer
steering stemmer step stepping steps stereo stick sticky still stop stoplineno stopped
stopping stops stopwatch storage store stored stores storing straight strange stranger
strategy strcoll stream streaming streams strerror stretched stretchfactor stretchfactors
strftime strict stricter strictly strictness stride string stringescapeseq stringify
stringnl stringprefix strings strip stripdir stripped stripping stroke strong strongest
strongly strptime struct structural structure structured structures stub stubs studio stuff
style styles stylesheet subclass subclassed subclasses subclassing subcommand subcommands
subdir subdirectories subdirectory subdirs subelement subelements subfunctions subject
subjects submit submitted submodule submodules subn subnet subnets subnormal subparser
subpart subparts subpath subpattern subpatterns subprocess subprocesses subproject
subprojects subroutine subscribed subscript subscriptable subscripted subscripting
subscription subsequence subsequent subsequently subset subsets substantive substitute
substituted substitution substitutions substring substrings subsystem subtest subtle
subtract subtraction subtree subtype subtypes subwidget subwidgets succeed succeeded
succeeds success successful successfully successive successively successor such suck
sufficient suffix suffixes suggested suit suitable suite suites summaries summarised
summarising summarize summary sums super superclass superclasses supernet superscript
superset supplied supply supplying support supported supporting supports suppose supposed
suppress suppressed sure surprise surrogate surrogateescape surrogateescaped surrogatepass
surrogates surrounded surrounding survives suspect suspend suspended swahili swapcase
swapped swedish sweetapp swig switch switched switches switching symbol symbolic symbols
symlink symlinked symlinking symlinks symmetric symmetry symptom sync synch synchronization
synchronize synchronized synchronous synchronously synonym synopsis syntactic syntactically
syntax syntaxes syscall sysconfig syslog syslogd system systems szlig table tables tabs
tabsize tagged tagname tags tail take takefocus taken takes taking talk talked tangent tape
tarball tarfile target targetpath targets tarinfo task taskfile taskipy tasks taught tbody
tbreak teach team teammate teammates teams technically technique tell telling tells telnet
telnetlib temp tempdir tempfile template templates temporarily temporary tends tens term
terminal terminate terminated terminates terminating termination terminator terminators
termios terms ternary terse test tested testing testmod tests texinfo text texts textual
textually textvariable textwrap thai than thanks that their theirs them thematic theme
themed themename themselves then theory there thereby therefore thereof thereto these theta
they thickness thin thing things think thinking third this thisobject thorn those though
thought thousands thread threaded threading threads threadsafe three threshold thresholds
through throw thrown throws thus tick ticket tidied tidies tied tier tiff tightly tilde till
tilt tiltangle time timecnt timed timedelta timeit timeout timeouts timer times timespec
timestamp timestamps timetuple timezone timing timings timo tips title titlebar titlecase
titles tkerror tkinter tkwait today together toggle token tokenization tokenize tokenizer
tokens told tolerantly tolines toml took tool toolchain toolchains toolkit tools topbottom
topdown topic topics toplevel topmost torch toss total totally tottime touch touched touches
touching tour tournament toward towards trace traceback tracebacks tracemalloc tracer traces
tracing track trackcalls tracked tracker tracking tracks trade traditional traffic trailer
trailers trailing transaction transcript transcripts transfer transform transformation
transformed transforms transient transition transitions translate translated translates
translating translation transmission transmit transmitted transparency transparent
transparently transport transports trap trapped traps travel travels traversal traverse
traversing treat treated treating treatment treats tree trees triage triangle trick tricks
tricky tried tries trigger triggered triggering triggers trimmed trip triple triples triplet
trivial trivy troff trouble troubleshooting true truly trunc truncate truncated truncates
truncating truncation truth trying ttext ttinfo tuned tuple tuples turbo turkish turn turned
turning turns turtle turtles turtleshape tutorial twice type typed typeid typename types
typical typically typing typo tzdata tzinfo tzname tzpaths uabcd uacute ucirc ugly ugrave
ukrainian ulaw ultimately umask unable unaffected unalias unaltered unambiguous
unambiguously uname unary unasked unassigned unassociated unavailable unbind unblocks
unbound unbounded unbuffered uncancel unchangeable unchanged unclosed uncompressed
unconditional unconditionally undecoded undef undefine undefined undefinitions under
underflow underline underlying underscore underscores understand understands understood
undisplay undo undobuffer undobuffersize undocumented undone unencoded unequal unescape
unescaped unexpected unexpectedly unfilled unfinished unfolded unfolding unformatted
unfortunately unhandled unhashable unicode unicodedata unified uniform uniformly
unimplemented uninitialized uninstall uninstalling union unions unique uniquely uniqueness
unit united units unittest universal universally unix unixccompiler unixfrom unknown unless
unlike unlikely unlimited unlink unlinked unlinks unlock unlocked unmapped unmarshalled
unmarshaller unmarshalling unmodified unnamed unnecessarily unnecessary unorderable unpack
unpacked unpacker unpacking unpackings unparsed unpicklable unpickle unpickleable unpickler
unpickling unpredictable unqualified unquote unquoted unquoting unreachable unread
unreadable unreadline unrecognized unrecorded unrecoverable unredacted unregister
unregistered unrelated unreleased unreserved unresolved unsafe unseen unset unsigned
unspecified unstaged unstructured unsupported untagged unterminated until untouched
untranslated untrusted unusable unused unusual unverifiable unwrap unwrapped unwrapping
update updated updates updating upgrade upload upon upper uppercase upsilon upstream upwards
urandom urdu urlchar urlcleanup urlencode urlencoded urllib urlopen urlparse urlretrieve
urls urlsplit usable usage usec used useful usegmt user userbase usercustomize userinfo
username users usersite uses using ustar usual usually utcoffset util utilities utility
utils utime uuencode uuencoded uuid uuids uuml valencia valid validate validatecommand
validated validates validating validation validity valuable value valued valueless values
varargs variability variable variables variance variant variants variation varies variety
various varkw varname vars vary vchar vcruntime vcvarsall vector vendor vendored venv verb
verbatim verbose verbosely verbosity verbs verdict verdicts verified verify versa version
versionchanged versioned versions versus vertical vertically vertices very vfork vice video
vietnamese view viewing views violate violated violation virtual virtualenv visibility
visible visit visited visitor visual vocabulary void volatile volume vswhere vulgar vxworks
wais wait waited waiter waiters waiting waitpid waits wake wakes wakeup waking walk walking
wall want wanted wants warm warn warning warnings warns warranty wasi wasn waste watch
watcher watches water ways weak weaker weakly weakref weakrefs webbrowser webp week weekday
weekly weeks weight weights weird welcome well went were weren west wfile wget what whatever
whathdr whatis whatwg wheel wheels when whence whenever where whereas wherever whether which
whichdb whichever while white whitespace whitespaces whoami whoever whole whose wide widget
widgets width wiki wikipedia wild wildcard wildcards will wind window windows windsurf
winerror winfo wing wings wink winner winning wins wire wish wishes witch with withdraw
withdrawal withdrawals withdrawn withdrew within without woken word wording words work
workaround worked worker workers workflow workflows working works workspace worktree
worktrees world worry worse worst worth would wouldn wrap wraplength wrapped wrapper
wrappers wrapping wraps writable write writeable writeback writeframes writeframesraw
writelines writer writers writes writestr writing written wrong wrote wsgi xbar xcrun
xinclude xmlcharrefreplace xmlrpclib xscrollcommand xtext xview xztar yacute yaml yarn year
years yellow yield yielded yielding yields young your yours yourself yscrollcommand yuml
yview zero zeroes zeropad zeros zeta zfill zipfile zipimport zipimporter zizmor zlib zombie
zone zoneinfo zones zooko ztar
"""
WORDS = frozenset(_TEXT.split())
