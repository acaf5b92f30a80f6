"""The pull request's change, one package; each module sits in the layer its imports put it in (tests/test_layers.py).

model.py          shared, pure: the diff as files and changed lines, and a criterion's evidence
read.py           I/O edge: both sides of each changed file, from the checkout (read_checkout.py) or Azure DevOps
differ.py         pure: both sides -> git's unified diff, within the caps
unified.py        pure: a unified diff -> model.py's files and lines
index.py          pure: the diff's lines indexed by their words, for the criteria's evidence
"""
