"""Parse a report page as an HTML5 validator would: html5lib in strict
mode raises on the first parse error (a stray end tag, an unescaped
character, a misnested element). Prints how many tables, figures and SVG
plots the document holds, for the caller to check against the report.

Usage: python3 check_html.py index.html
"""
import sys

import html5lib

NS = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}svg"

with open(sys.argv[1], "rb") as f:
    document = html5lib.HTMLParser(strict=True).parse(f)
count = lambda tag: sum(1 for _ in document.iter(tag))
print(f"tables={count(NS + 'table')} figures={count(NS + 'figure')} svgs={count(SVG)}")
