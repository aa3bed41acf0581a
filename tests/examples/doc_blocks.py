"""The bots printed in docs/bots.md, taken out of the page so that the tests run exactly what it shows."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def doc_bot(marker_name, directory):
    """Writes the python block after `<!-- marker_name` in docs/bots.md to directory/marker_name.py."""
    with open(os.path.join(ROOT, "docs/bots.md"), encoding="utf-8") as f:
        text = f.read()
    marker = text.find("<!-- " + marker_name)
    start = text.find("```python\n", marker)
    end = text.find("\n```", start + 10)
    if marker < 0 or start < 0 or end < 0:
        sys.exit(f"docs/bots.md: no {marker_name} block")
    path = os.path.join(directory, marker_name + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[start + len("```python\n"):end + 1])
    return path
