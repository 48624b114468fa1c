"""pdf-check.py — reads a worksheet PDF back (poppler's pdfinfo and pdftotext) against the same
sheet as text (--worksheet N --answers): the PDF has as many pages as the program said it laid
out; each question's sentence is on exactly one page, among the questions' pages (so no
question is split or lost); each answer of the key ("answer N: VALUE", "答案 N：VALUE") is on
exactly one page, among the key's pages, which come after the questions'.
Usage: python3 tests/cli/pdf-check.py SHEET.pdf SHEET.txt PAGES QUESTION-PAGES KEY-PAGES"""
import re
import subprocess
import sys

pdf, sheet, pages, qpages, kpages = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
got = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
if got != pages or qpages + kpages != pages:
    sys.exit(f"pdfinfo: {got} pages; the layout said {pages} ({qpages} + {kpages})")
texts = [re.sub(r"\s+", "", subprocess.run(["pdftotext", "-f", str(p), "-l", str(p), pdf, "-"],
                                           capture_output=True, text=True, check=True).stdout)
         for p in range(1, pages + 1)]
lines = open(sheet, encoding="utf-8").read().split("\n")
questions, answers = [], []
for line in lines:
    m = re.match(r"^(\d+)\.\s+(.*)$", line)
    if m:
        questions.append((int(m.group(1)), re.sub(r"\s+", "", m.group(2))))
    m = re.match(r"^\s+(answer \d+: .*|答案 \d+：.*)$", line)
    if m:
        answers.append(re.sub(r"\s+", "", m.group(1)))
if not questions or len(answers) != len(questions):
    sys.exit(f"the text sheet has {len(questions)} questions and {len(answers)} answers")
for n, text in questions:
    on = [p + 1 for p, t in enumerate(texts) if text in t]
    if len(on) != 1 or on[0] > qpages:
        sys.exit(f"question {n} ({text}) is on pages {on}, want one of 1-{qpages}")
for a in answers:
    on = [p + 1 for p, t in enumerate(texts) if a in t]
    if len(on) != 1 or on[0] <= qpages:
        sys.exit(f"{a} is on pages {on}, want one of {qpages + 1}-{pages}")
print(f"{pages} pages ({qpages} of questions, {kpages} of the key): {len(questions)} questions and "
      f"{len(answers)} answers each on one page")
