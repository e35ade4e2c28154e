"""The documentation is current and navigable.

* generated tables: every generated block of README.md and docs/*.md is what its generator prints
  now (scripts/gen_docs.py --check; `make docs` regenerates them);
* links: every relative Markdown link in the project's Markdown files points at an existing file
  or folder, and a `#anchor` at an existing heading (GitHub's anchor names) of that page;
* the index: docs/README.md links every page of docs/, and README.md links docs/README.md.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--py2cuda", required=True)
parser.add_argument("--source-dir", required=True)
args, _ = parser.parse_known_args()
source_dir = pathlib.Path(args.source_dir).resolve()

# Pages the index already links that arrive with other branches (issue 12's CMake/pip package and
# review page); a link to one is accepted while the file does not exist, and checked once it does.
PENDING_PAGES: set[str] = set()  # pages linked before their branch lands

FENCE = re.compile(r"^(```|~~~)")
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^()\s>]*(?:\([^()\s]*\)[^()\s>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def prose_lines(text: str):
    """(line number, line) outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def github_anchor(heading: str) -> str:
    """The id GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(page: pathlib.Path) -> set[str]:
    found, seen = set(), {}
    for _, line in prose_lines(page.read_text()):
        m = HEADING.match(line)
        if m:
            base = github_anchor(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        found.update(HTML_ANCHOR.findall(line))
    return found


def markdown_files() -> list[pathlib.Path]:
    tracked = subprocess.run(["git", "-C", str(source_dir), "ls-files", "--cached", "--others",
                              "--exclude-standard", "*.md"], capture_output=True, text=True)
    if tracked.returncode == 0 and tracked.stdout.strip():
        return sorted(source_dir / p for p in tracked.stdout.split())
    # Not a git checkout (a source tarball): the documentation pages at least.
    return [source_dir / "README.md"] + sorted((source_dir / "docs").glob("*.md"))


failures = []
passed = 0

# ---- generated tables
gen = subprocess.run([sys.executable, str(source_dir / "scripts" / "gen_docs.py"), "--check",
                      "--py2cuda", args.py2cuda, "--source-dir", str(source_dir)],
                     capture_output=True, text=True)
if gen.returncode != 0:
    failures.append("generated tables: " + (gen.stdout + gen.stderr).strip())
else:
    passed += 1
    print("PASS generated tables are current")

# ---- links
anchor_cache: dict[pathlib.Path, set[str]] = {}
link_count = 0
broken = []
for page in markdown_files():
    if not page.exists():
        continue
    rel_page = page.relative_to(source_dir)
    for number, line in prose_lines(page.read_text()):
        for m in LINK.finditer(INLINE_CODE.sub("", line)):
            target = m.group(1)
            if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, mailto:, ...
                continue
            link_count += 1
            path_part, _, fragment = target.partition("#")
            path_part = urllib.parse.unquote(path_part)
            resolved = (page.parent / path_part).resolve() if path_part else page
            where = f"{rel_page}:{number}: link '{target}'"
            try:
                rel_target = resolved.relative_to(source_dir).as_posix()
            except ValueError:
                broken.append(f"{where} leaves the source tree")
                continue
            if not resolved.exists():
                if rel_target not in PENDING_PAGES:
                    broken.append(f"{where}: {rel_target} does not exist")
                continue
            if fragment:
                if resolved.suffix != ".md":
                    broken.append(f"{where}: an anchor into a file that is not Markdown")
                    continue
                if resolved not in anchor_cache:
                    anchor_cache[resolved] = anchors(resolved)
                if urllib.parse.unquote(fragment).lower() not in anchor_cache[resolved]:
                    broken.append(f"{where}: {rel_target} has no heading with the anchor #{fragment}")
if broken:
    failures.append(f"{len(broken)} broken relative link(s) of {link_count}:\n  " + "\n  ".join(broken))
else:
    passed += 1
    print(f"PASS {link_count} relative links resolve")

# ---- the index
index = source_dir / "docs" / "README.md"
linked_from_index = {(index.parent / m.group(1).partition("#")[0]).resolve()
                     for _, line in prose_lines(index.read_text()) for m in LINK.finditer(line)}
unlisted = [p.name for p in sorted((source_dir / "docs").glob("*.md"))
            if p != index and p.resolve() not in linked_from_index]
readme_links = {m.group(1).partition("#")[0] for _, line in prose_lines((source_dir / "README.md").read_text())
                for m in LINK.finditer(line)}
if unlisted:
    failures.append("docs/README.md (the index) does not link " + ", ".join(unlisted))
elif not {"docs/README.md", "docs/", "docs"} & readme_links:
    failures.append("README.md does not link the documentation index docs/README.md")
else:
    passed += 1
    print("PASS docs/README.md indexes every page and README.md links it")

for failure in failures:
    print("FAIL " + failure)
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
