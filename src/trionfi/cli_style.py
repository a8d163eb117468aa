"""How the ``trionfi`` command line presents itself: a help without type noise, and Ctrl-C as a clean exit.

Typer's help shows a type for every parameter (``<int>``, ``<bool>``, ``<str>``), a range (``[x>=1]``) and
``[default: ...]`` after the help text, and required arguments as ``{GAME}``. Those are programmer's words:
a player reads the option's own sentence, which says the default where it matters. :class:`QuietGroup`
strips them from the group and from every command it holds, so the commands need no special class.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.console import Console
from typer.core import TyperArgument, TyperGroup

INTERRUPTED = 130  # the shell's convention for a program stopped by Ctrl-C (128 + SIGINT)


def _quiet(params: list[Any]) -> None:
    """Plain help for ``params``: no types, no defaults; an argument is shown by its metavar alone."""
    for param in params:
        if getattr(param, "_quiet", False):
            continue
        param.show_default = False
        if isinstance(param, TyperArgument):
            name = param.display_name_raw
            shown = name if param.required else f"[{name}]"
            if param.nargs != 1 and not shown.endswith("..."):
                shown += "..."
            # Instance attributes win over the class's methods: only these objects change.
            param.display_type_rich = lambda ctx: None
            param.get_usage_pieces = lambda ctx, shown=shown: [shown]
        else:
            if param.metavar is None:
                param.metavar = "" if param.is_flag else param.name.upper()
            # The range ("[x>=1]") is still checked; the help sentence says what is allowed.
            param._get_number_range_help_str = lambda: None
        param._quiet = True


class QuietGroup(TyperGroup):
    """The ``trionfi`` group: quiet help for itself and its commands, and Ctrl-C ends any command with a short
    message and exit status 130 instead of a traceback."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        _quiet(params)
        return params

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _quiet(command.get_params(ctx))
        return command

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            interrupted()
            raise typer.Exit(INTERRUPTED) from None


def interrupted() -> None:
    """The one line shown when Ctrl-C stops a command."""
    Console(stderr=True, highlight=False).print("\nInterrupted.", markup=False)


def run(app: typer.Typer) -> None:
    """Run ``app`` as the console script: also a Ctrl-C outside any command (while starting) exits quietly."""
    try:
        app()
    except KeyboardInterrupt:
        interrupted()
        sys.exit(INTERRUPTED)
