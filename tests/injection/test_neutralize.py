

def test_the_spaces_inside_a_code_span_are_kept_as_written() -> None:
    """sealed35 (a blind benign item, read after its first run): "plc/selda.il enforces the
    same with `ANDN    SynthRunning`" came out of the memory file, the model's answer and
    every agent file as `ANDN SynthRunning`: a program's text rewritten.  Runs of spaces
    fold outside code spans only; a tab inside one is a space, one for one."""
    from gitmemory.injection.neutralize import neutralize, stored
    from gitmemory.memory.markdown import collapsed

    text = "enforced   with `ANDN    SynthRunning`  and `R\tStop`   too "
    assert stored(text) == "enforced with `ANDN    SynthRunning` and `R Stop` too"
    assert neutralize(text) == stored(text)
    assert collapsed("a  `x  y`  b `open  c") == "a `x  y` b `open c"
