"""The games: one package per game, each with the same rooms.

Every game package holds its rules object, its state and view, one pure turn core shared by
the state and every fast loop, its fast playouts and batches, its computer players, its
explanations and its rendering (the table's HTML, the turn flow, the how-to-play words).  A
ruleset's TOML profile names the rules class that plays it (``engine = "package:Class"``);
loading the ruleset imports the package, which registers the game's computer players, batch
and measures.  Nothing outside a game package imports it.
"""
