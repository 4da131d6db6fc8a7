"""One package per game. Each game's ``rules`` module exposes a module-level ``GAME``
(a ``GameKind``), which the registry loads by name (``athanor.app.kinds``); the shared
modules here (``packs``, ``wording``, ``labelling``) serve every game. See README.md,
"Writing a game"."""
