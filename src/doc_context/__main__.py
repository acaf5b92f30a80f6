"""python -m doc_context -> cli.main()."""
import sys

from .cli import main

sys.exit(main())
