"""The one relevance engine (pure): what the change is about and how a text speaks to it, for the criteria's
evidence (summary/evidence.py), the pages' passages (summary/passages.py, quotes.py) and whatever else weighs text
against the change. One way to read words (words.py, bridges.py), one table of units (units.py), one rule for
what is everywhere (change_wide.py in the change, everywhere.py for a criterion's terms), the change read once
(change.py) into its terms (change_terms.py) and a criterion's (criterion_terms.py)."""
