"""What a fix's body teaches, and what it only seems to (issue 29, held-out windows of C,
C++, Go, OCaml and Rust histories): a body that tells what the code did wrong without a
"because" still gives the cause; a sentence that leans on a thing the one before named, a
claim someone made, or a test that reproduces the bug gives none."""

from __future__ import annotations

from gitmemory.commits import FileChange
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.providers.offline.phrasing import to_past
from testing.offline_history import edit_diff, make_commit

C_SOURCE = [FileChange("video/out/hwdec/hwdec_egl.c", 4, 2)]


def _items(subject: str, body: str, files: list[FileChange] = C_SOURCE,
           diff: str = "") -> list[Extraction]:
    return extract_commits([make_commit(subject, body, files=files, diff=diff)])


def _bugs(items: list[Extraction]) -> list[str]:
    return [e.content for e in items if e.section == "bug-patterns"]


def test_a_fix_body_that_names_no_code_is_about_its_subjects_area() -> None:
    """mpv's "The display string check always failed, silently disabling native d3d11va
    interop": the area and the subject say what failed."""
    (bug,) = _bugs(_items("hwdec_egl: fix EGL_EXT_device_query availability check",
                          "The display string check always failed, silently disabling "
                          "native interop.\n\nThis fixes `hwdec` with `gpu-context=angle`."))
    assert bug.startswith("hwdec_egl: ")
    assert "The display string check always failed, silently disabling native interop" in bug


def test_a_thing_done_wrong_in_one_word_is_a_failure() -> None:
    """mpv's "..., mislabeling all stream offsets": a cause, with the body's fix."""
    (bug,) = _bugs(_items(
        "stream_curl: fix racy read of request_start when setting initial pos",
        "request_start is producer state, a fast transfer can complete and roll it forward "
        "before curl_open gets to read it, mislabeling all stream offsets.\n\n"
        "Store the requested offset separately and use it for the initial pos.",
        [FileChange("stream/stream_curl.c", 6, 2)]))
    assert "mislabeling all stream offsets" in bug
    assert bug.endswith("Fix: store the requested offset separately and use it for the "
                        "initial pos")


RUST = [FileChange("src/commands.rs", 6, 6)]
RUNTIME = ("The client was using Runtime::new(), which created a worker thread per CPU core "
           "for every invocation of the client runtime.")


def test_a_fix_body_that_tells_what_the_code_did_with_its_subjects_things() -> None:
    """sccache's "The sccache client was using Runtime::new() which creates a multi-threaded
    tokio runtime ...": in the past tense, about what the subject names, with no failure
    word; the test the fix changed is no item."""
    items = _items("fix(client): use a single-threaded runtime in the client",
                   f"{RUNTIME}\n\nBuild a current-thread runtime instead.\n\nThe "
                   "queue-overflow reproducer added in #16060 now expects one thread.", RUST)
    (bug,) = _bugs(items)
    assert "The client was using Runtime::new(), which created a worker thread per CPU " \
        "core" in bug
    assert not [e for e in items if "reproducer" in e.content]


def test_a_fix_still_gives_its_cause_beside_what_the_authors_words_kept() -> None:
    """A sentence kept for another reason ("X now returns ...") left a fix's cause
    unread (dune's memo fix, whose test note was the only item)."""
    items = _items("fix(client): use a single-threaded runtime in the client",
                   f"{RUNTIME}\n\nBuild a current-thread runtime instead. `Client::run` now "
                   "returns the runtime's exit status.", RUST)
    assert [e for e in items if "now returns the runtime's exit status" in e.content]
    assert [b for b in _bugs(items) if "which created a worker thread per CPU core" in b]


def test_the_state_a_fix_ends_is_no_cause_by_its_verbs_alone() -> None:
    """dune's "Target validation currently folds through ..., rebuilding ...": how the code
    is until the change, not what it did wrong."""
    items = _items("perf(targets): avoid intermediate validation states (#16078)",
                   "Target validation currently folds through `Validation_result.t`, "
                   "rebuilding both the validated-target record and its `Valid` wrapper for "
                   "every target.\n\nChoose the common root once and construct the result "
                   "only after a successful traversal.",
                   [FileChange("src/dune_rules/targets.ml", 20, 12)])
    assert not [e for e in items if "currently" in e.content]


def test_a_reason_that_points_at_a_thing_the_sentence_before_named_is_left_out() -> None:
    """x/mod's "This direction is due to ...": which direction, only the sentence before
    says."""
    diff = edit_diff("go.mod", "module golang.org/x/mod", [
        "-require golang.org/x/tools v0.0.0-20191119224855-298f0cb1881e",
        "+require golang.org/x/tools v0.1.12"])
    items = _items("go.mod: ignore cyclic dependency for tagging",
                   "tools and mod have a cyclic dependency, which needs to be broken during "
                   "the upgrading/tagging process. This direction is due to the use of txtar "
                   "in the tests for the zip package, which is much less important than the "
                   "other direction.", [FileChange("go.mod", 1, 1)], diff)
    assert not [e for e in items if "\u2014 this direction" in e.content]


def test_a_revert_for_what_will_be_is_no_bug() -> None:
    """cargo's revert "to buy us more time since this will be stabilized soon otherwise": a
    participle after "be" tells no past failure."""
    items = _items('Revert "fix(compiler): forward verbose flag to rustc for local crates"',
                   "Looking to buy us more time since this will be stabilized soon "
                   "otherwise.", [FileChange("src/compiler/mod.rs", 2, 9)])
    assert not _bugs(items)


def test_what_someone_said_before_is_no_cause() -> None:
    """cargo's "Previously we said that keeping X will make Y harder": a claim the change
    goes on to set aside."""
    items = _items("fix(trim-paths): also record workspace remap entry",
                   "Previously we said that keeping `<ws-root> -> .` unremap record in the "
                   "unremap file will make debugger harder to apply them without conflicts.",
                   [FileChange("src/compiler/trim_paths.rs", 8, 2)])
    assert not [e for e in items if "we said" in e.content]


def test_an_order_on_it_leans_on_the_sentence_that_named_it() -> None:
    """dune's "Classify it directly with X instead of ...": "it" is what the sentence before
    named, so the line cannot start there."""
    items = _items("perf(install): inspect build paths without generic wrappers (#16082)",
                   "`Install.Context.of_path` already receives a `Path.Build.t`.\n\nClassify "
                   "it directly with `Dpath.Target_dir.of_target` instead of wrapping it as a "
                   "generic `Path.t` and immediately unwrapping the result. This makes "
                   "impossible source and external cases unrepresentable.",
                   [FileChange("src/install/context.ml", 5, 7)])
    assert not [e for e in items if "classify it directly" in e.content.lower()
                and "Install.Context.of_path" not in e.content]


def test_that_regression_is_the_one_the_sentence_before_told() -> None:
    """mold's "...; this has no effect on CREL's representation but avoids that
    regression": which regression, the sentence before says."""
    items = _items("Stream debug CREL relocations",
                   "GCC 15 does not inline these large callbacks on its own, leaving a "
                   "function call for each ordinary relocation. Mark the callbacks "
                   "ALWAYS_INLINE; this has no effect on CREL's representation but avoids "
                   "that regression.", [FileChange("src/input-sections.cc", 40, 10)])
    assert not [e for e in items if e.content.startswith("Mark the callbacks")]


def test_what_a_state_caused_after_a_code_span_is_a_cause() -> None:
    """sccache's "... was gated on only `target_os = "linux"`, causing a conflicting-impl
    error": the comma after a code span still opens what the state led to."""
    (bug,) = _bugs(_items(
        "fix: Fix ToolchainPackager cfg gate to build on ppc64le/s390x",
        "On Linux ppc64le/s390x, the blanket `impl<T: Send> ToolchainPackager for T` in "
        "pkg.rs is active (non-x86_64/aarch64 path), but the test-only "
        "PanicToolchainPackager impl in cache.rs was gated on only `target_os = \"linux\"`, "
        "causing a conflicting-impl error on those architectures.",
        [FileChange("src/cache/cache.rs", 1, 1)]))
    assert "was gated on only `target_os = \"linux\"`" in bug


def test_a_body_that_opens_with_a_past_failure_makes_a_fix_of_any_subject() -> None:
    """sccache's "gcc/clang: cache and distribute builds using quoted @response files":
    no fix verb in the subject, a failure told in the past as the body's first words."""
    (bug,) = _bugs(_items(
        "gcc/clang: cache and distribute builds using quoted @response files",
        "Compilations that pass arguments via a `@file` response file were silently "
        "treated as uncacheable whenever the file contained a single or double quote.\n\n"
        "Change response-file parsing to handle quoting correctly.",
        [FileChange("src/compiler/gcc.rs", 30, 4)]))
    assert "were silently treated as uncacheable whenever the file contained" in bug


def test_what_goes_wrong_under_a_condition_is_a_pitfall() -> None:
    """mpv's "If the flags aren't put into the context, ffmpeg code can end up calling
    vkGetDeviceQueue2 with the wrong flags, and the driver will return a NULL queue
    instead": the condition, then the failure it leads to; a failure only in the
    condition is none."""
    items = _items("hwdec_vulkan: propagate the queue creation flags to ffmpeg",
                   "If the flags aren't put into the context, ffmpeg code can end up calling "
                   "vkGetDeviceQueue2 with the wrong flags, and the driver will return a NULL "
                   "queue instead.", [FileChange("video/out/hwdec/hwdec_vulkan.c", 3, 1)])
    (bug,) = _bugs(items)
    assert bug.startswith("hwdec_vulkan: ")
    assert "the driver will return a NULL queue instead" in bug
    assert not _items("cache: retry uploads on the next push",
                      "If the upload fails, the next push sends the whole cache directory "
                      "again.", [FileChange("src/cache/upload.c", 3, 1)])


def test_a_case_made_up_to_explain_is_no_cause() -> None:
    """cargo's "Say, you have a dylib that has a generated rust code under a different
    `build.build-dir`, so now your `/cargo/build-dir` needs to unremap to two different
    locations": an example, not what went wrong."""
    items = _items("fix(trim-paths): also record workspace remap entry",
                   "Say, you have a dylib that has a generated rust code under a different "
                   "`build.build-dir`, so now your `/cargo/build-dir` needs to unremap to two "
                   "different locations.", [FileChange("src/compiler/trim_paths.rs", 8, 2)])
    assert not [e for e in items if "Say, you have" in e.content]


def test_a_revert_to_buy_time_is_an_intention_not_a_reason_to_keep() -> None:
    """cargo's revert "Looking to buy us more time since this will be stabilized soon
    otherwise": what the author meant to do, about a "this" no line names."""
    items = _items('Revert "fix(compiler): forward verbose flag to rustc for local crates"',
                   "Looking to buy us more time since this will be stabilized soon "
                   "otherwise.", [FileChange("src/compiler/mod.rs", 2, 9)])
    assert not [e for e in items if "Looking to buy us more time" in e.content]


def test_a_reason_that_avoids_a_slowness_is_no_bug() -> None:
    """mpv's "The lookup is dense, to avoid hash tables, which makes things slower, but in
    fact the tables are reused, so it's low on memory": a choice and its reason, in a change
    that fixes nothing ("are reused" tells no past)."""
    items = _items("fzy.lua: use lookup table for precompute_bonus",
                   "The lookup is dense, to avoid hash tables, which makes things slower, but "
                   "in fact the tables are reused, so it's low on memory.",
                   [FileChange("player/lua/fzy.lua", 20, 8)])
    assert [e for e in items if "to avoid hash tables" in e.content]
    assert not _bugs(items)


def test_a_fix_that_names_a_case_of_a_list_left_out_is_not_joined() -> None:
    """mpv's "Extend the regex to cover (1).": which case, only the list says."""
    (bug,) = _bugs(_items(
        "bash-completion: fix '=' for *-clr/*-help and --help=",
        "The special-options regex decided which options are completed without a trailing "
        "'=', but it only covered Print options and \"not in config files\" flags.\n\n"
        "Extend the regex to cover (1). For (2), keep '=' appended.",
        [FileChange("etc/mpv.bash-completion", 20, 4)]))
    assert "it only covered Print options" in bug
    assert "(1)" not in bug


def test_what_we_did_keeps_its_we() -> None:
    """mold's "We computed the binding of a symbol ... from its dynamic import/export
    status, so ... every global symbol was emitted as STB_LOCAL": without its "We" the
    sentence read as what the change does."""
    items = _items("Do not demote non-exported globals to local symbols in .symtab",
                   "We computed the binding of a symbol in the static symbol table from its "
                   "dynamic import/export status, so in an ordinary executable, every global "
                   "symbol was emitted as STB_LOCAL.", [FileChange("src/passes.cc", 9, 9)])
    assert not [e for e in items if "\u2014 computed the binding" in e.content.lower()
                and "we computed" not in e.content.lower()]
    assert [e for e in items if "We computed the binding" in e.content]


def test_an_irregular_verb_of_the_subject_keeps_its_past() -> None:
    """sccache's "Fall back to direct cache write ..." was written "Falled back ..."."""
    assert to_past("Fall back to direct cache write") == "Fell back to direct cache write"
    assert to_past("Teach the parser X") == "Taught the parser X"
    assert to_past("Rerun the failed jobs") == "Reran the failed jobs"
