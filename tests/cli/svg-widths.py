"""svg-widths.py — checks that the arcs of an SVG frame are vector paths whose stroke width
follows the shares: width = 4 px per dot × (1 + share × foot_scale), so (width − 4) / share is
the same for every arc, and the arcs' targets are the characters in order.
Usage: python3 tests/cli/svg-widths.py FRAME.svg DUMP.json FOCUS"""
import json
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
svg = ET.parse(sys.argv[1]).getroot()
weights = json.load(open(sys.argv[2]))["weights"][int(sys.argv[3])]
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
ratios = [(w - 4.0) / share for (x, w), share in zip(by_x, weights)]
spread = (max(ratios) - min(ratios)) / max(ratios)
if spread > 2e-3:
    sys.exit(f"stroke widths do not follow the shares: (width - 4) / share = {ratios}")
print(f"{len(arcs)} arcs, (width - 4 px) / share = {ratios[0]:.2f} for every one (spread {spread:.1e})")
