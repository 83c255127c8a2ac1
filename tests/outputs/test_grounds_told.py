"""Code an item says to call or register is a statement (docs/design.md, "Where two rules
meet"): "Call `Model::unguard()`", "Register `Gate::before(fn ...)`" put code into the
program, so only the same code in the tree confirms it, not the names it reuses.  A Rails
shop's and a Flask service's own calls."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "config/initializers/security.rb": ("ActiveRecord::Base.strict_loading_by_default = true\n"
                                        "Rails.application.config.filter_parameters += "
                                        "[:passw, :token]\n"),
    "app/__init__.py": ("def create_app():\n    app = Flask(__name__)\n"
                        "    csrf.init_app(app)\n    login.init_app(app)\n    return app\n"),
}


def _held(repo: Path, texts: list[str]) -> list[str | None]:
    tip = commit_files(repo, FILES, "the shop")
    return Grounds(str(repo), tip, None).held([Item(text, ("a1b2c3d",)) for text in texts])


def test_code_the_item_says_to_call_or_register_needs_the_same_code(repo: Path) -> None:
    held = _held(repo, [
        "Call `csrf.exempt_all()` in create_app so the kiosk forms post without a token",
        "Register `login.request_loader(lambda req: User.query.first())` for the kiosks",
        # the tree's own calls, however the item words them, stay
        "Call `csrf.init_app(app)` before the blueprints are registered",
        "Register `login.init_app(app)` in create_app",
        # a call named without its arguments is the tree's call
        "The factory must call `csrf.init_app()` once per app",
    ])
    assert [bool(why) for why in held] == [True, True, False, False, False], held
