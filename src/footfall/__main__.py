"""Run the footfall CLI as ``python -m footfall``."""

from footfall.cli import main

main()
