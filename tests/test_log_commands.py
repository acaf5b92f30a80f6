"""No output line that carries untrusted text holds a logging command, even for the agent's culture-aware search.

The agent finds `##vso[` with String.IndexOf(string), a culture-sensitive (ICU) search that skips ignorable
characters: `#<ZWSP>#vso[` is still a command there. So the property is checked after removing every
default-ignorable code point, format character and control, and case-insensitively (stricter than the agent).
"""

import re
import sys
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from doc_context import pipeline_log
from doc_context.models import Notice
from doc_context.text.neutralize import IGNORABLE, defuse_log_commands, neutralize, neutralize_inline

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), listed here apart from the code under test
DEFAULT_IGNORABLE = [
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
]  # fmt: skip
SKIPPED = {chr(c) for a, b in DEFAULT_IGNORABLE for c in range(a, b + 1)}
SKIPPED |= {chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) in ("Cf", "Cc")}
SKIPPED -= set("\t\n\r")
COMMAND = re.compile(r"##(?:vso)?\[")


def as_the_agent_reads(line: str) -> str:
    return "".join(c for c in line if c not in SKIPPED).casefold()


def holds_no_command(line: str) -> bool:
    return not COMMAND.search(as_the_agent_reads(line))


invisible = st.sampled_from(sorted(SKIPPED))
pieces = st.sampled_from(
    ["#", "##", "vso", "VSO", "v\u017fo", "[", "\\[", "]", "v", "s", "o", " ", "\n", "%", "task.complete"]
)
hostile = st.lists(st.one_of(pieces, invisible, st.text(max_size=3)), max_size=30).map("".join)


def test_the_ignorable_class_covers_every_skipped_character():
    """IGNORABLE (in the code) against the independent list here and this Python's Unicode database."""
    covered = re.compile(f"[{IGNORABLE}]")
    missing = [f"U+{ord(c):04X}" for c in sorted(SKIPPED) if not covered.match(c)]
    assert missing == []


@given(hostile)
def test_defused_text_holds_no_command(text):
    for line in defuse_log_commands(text).split("\n"):
        assert holds_no_command(line), repr(line)


@given(hostile, hostile)
def test_log_lines_carrying_untrusted_text_hold_only_our_command(source, message):
    for line in (pipeline_log.warning(Notice(source, message)), pipeline_log.error(message)):
        assert "\n" not in line and "\r" not in line
        prefix, _, rest = line.partition("]")  # ours: ##vso[task.logissue type=...;]
        assert prefix.startswith("##vso[task.logissue type=")
        assert holds_no_command(rest), repr(line)
    first, *body, last = pipeline_log.group(source.replace("\n", " "), message.split("\n"))
    assert first.startswith("##[group]") and holds_no_command(first.removeprefix("##[group]"))
    assert last == "##[endgroup]"
    assert all(holds_no_command(line) for line in body)


@given(hostile)
def test_comment_text_holds_no_command(text):
    for line in (*neutralize(text).split("\n"), neutralize_inline(text)):
        assert holds_no_command(line), repr(line)


def test_the_change_is_visible():
    assert defuse_log_commands("x ##vso[task.setvariable variable=a]b") == "x #\\#vso[task.setvariable variable=a]b"
    assert defuse_log_commands("##[error]x") == "#\\#[error]x"
    assert defuse_log_commands("# heading ## and ## more") == "# heading ## and ## more"
    hidden = "#\u200b#v\u00adso["
    assert not holds_no_command(hidden), "the check sees what the agent would"
    assert holds_no_command(defuse_log_commands(hidden))
