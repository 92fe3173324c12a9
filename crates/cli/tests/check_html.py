"""Parse a report page as an HTML5 validator would: html5lib in strict
mode raises on the first parse error (a stray end tag, an unescaped
character, a misnested element). Prints how many tables, figures and SVG
plots the document holds, what follows the page's title (the id of the
element after h1) and the id of the first figure, for the caller to
check against the report.

Usage: python3 check_html.py index.html
"""
import sys

import html5lib

NS = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}svg"

with open(sys.argv[1], "rb") as f:
    document = html5lib.HTMLParser(strict=True).parse(f)
count = lambda tag: sum(1 for _ in document.iter(tag))
body = document.find(NS + "body")
children = list(body)
after_title = children[[c.tag for c in children].index(NS + "h1") + 1]
first_figure = next(document.iter(NS + "figure"))
print(
    f"tables={count(NS + 'table')} figures={count(NS + 'figure')} svgs={count(SVG)} "
    f"lead={after_title.get('id')} first_figure={first_figure.get('id')}"
)
