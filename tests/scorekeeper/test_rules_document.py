"""The documents the code cites ship with it: every RULES decision (D-n) and
every DESIGN section or house rule named in the code, the tests, the
templates and the scripts is defined in ``docs/``."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
DESIGN = ROOT / "docs" / "design.md"
CITING = ("series", "tests", "templates", "static", "bench", "scorekeeper")
SUFFIXES = {".py", ".html", ".js", ".txt"}

DECISION_CITED = re.compile(r"\bD-(\d+)\b")
DECISION_DEFINED = re.compile(r"^- \*\*D-(\d+)\*\* —", re.MULTILINE)
SECTION_CITED = re.compile(r'DESIGN\s+"([^"]+)"')
HOUSE_RULE_CITED = re.compile(r"DESIGN rule (\d+)")


def cited_text() -> str:
    return "\n".join(
        path.read_text(encoding="utf-8")
        for folder in CITING
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in SUFFIXES and path.is_file()
    )


def test_every_decision_the_code_cites_is_defined_in_docs_rules():
    cited = {int(n) for n in DECISION_CITED.findall(cited_text())}
    defined = [int(n) for n in DECISION_DEFINED.findall(RULES.read_text(encoding="utf-8"))]
    assert len(cited) >= 20  # the code cites the rules throughout
    assert sorted(cited - set(defined)) == []
    assert len(defined) == len(set(defined)), "a decision is defined twice"


def test_every_design_section_and_house_rule_cited_is_in_docs_design():
    text = cited_text()
    design = DESIGN.read_text(encoding="utf-8")
    headings = set(re.findall(r"^## (.+)$", design, re.MULTILINE))
    sections = {" ".join(name.split()) for name in SECTION_CITED.findall(text)}
    assert sections, "the code cites DESIGN sections"
    assert sorted(sections - headings) == []
    numbered = {int(n) for n in re.findall(r"^(\d+)\. ", design, re.MULTILINE)}
    assert sorted({int(n) for n in HOUSE_RULE_CITED.findall(text)} - numbered) == []
