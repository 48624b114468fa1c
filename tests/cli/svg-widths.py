"""svg-widths.py — checks that the arcs of an SVG frame are vector paths whose stroke width
follows the shares with one scale: width = share × scale (never under 1 px), the same scale
for every arc; the widest is the gap between neighbouring feet less 2 px, so no two feet
merge; the arcs' targets are the characters in order; the row under the picture states the
scale per 10 % of share.
Usage: python3 tests/cli/svg-widths.py FRAME.svg DUMP.json FOCUS"""
import json
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
svg = ET.parse(sys.argv[1]).getroot()
focus = int(sys.argv[3])
weights = json.load(open(sys.argv[2]))["weights"][focus]
arcs = [p for p in svg.iter(NS + "path") if p.get("class") == "arc"]
if len(arcs) != len(weights):
    sys.exit(f"{len(arcs)} arcs, {len(weights)} shares")
if any(ET.iselement(p) and p.get("d", "").count("A") != 1 for p in arcs):
    sys.exit("an arc is not one elliptical arc")
if svg.find(".//" + NS + "title") is None or not svg.get("viewBox"):
    sys.exit("no title or no viewBox")
# each arc's end (its target's centre; the loop's just right of the asker) puts the arcs in
# the sentence's order, whatever order they are drawn in
by_x = sorted((float(re.findall(r"[-0-9.]+", p.get("d"))[-2]), float(p.get("stroke-width"))) for p in arcs)
scale = max(w for x, w in by_x) / max(weights)
for (x, w), share in zip(by_x, weights):
    if abs(w - max(1.0, share * scale)) > 2e-3:
        sys.exit(f"stroke widths do not follow the shares with one scale: {w} for {share} (scale {scale})")
# the feet: the targets' centres are one gap apart (the asker's loop aside)
ends = [x for i, (x, w) in enumerate(by_x) if i != focus]
gaps = sorted(round(b - a, 2) for a, b in zip(ends, ends[1:]) if b - a > 8)
gap = gaps[0]
if abs(max(w for x, w in by_x) - (gap - 2.0)) > 2e-3:
    sys.exit(f"the widest stroke is {max(w for x, w in by_x)} px, the feet {gap} px apart")
legend = [t.text for t in svg.iter(NS + "text") if t.text and t.text.startswith("lines: ")]
want = f"lines: {scale / 10:.1f} px per 10% of share, widest {gap - 2:.0f} px (feet {gap:.0f} px apart)"
if legend != [want]:
    sys.exit(f"the scale's row says {legend}, want {want}")
print(f"{len(arcs)} arcs, {scale / 10:.2f} px per 10% for every one, the widest {gap - 2:.0f} px "
      f"(feet {gap:.0f} px apart)")
