"""The main window and its plumbing: :mod:`.main_window` (one open document,
the formats on show, the views), its menus, docks, status bar and commands
(Find, Find Next, next anomaly), the one :mod:`.selection` model, which
formats are shown (:mod:`.shown_formats`), where the cursor may jump next
(:mod:`.forecast`), the waits that put work a turn or a rest later
(:mod:`.timers`), the clipboard, settings, theme, icon, and
:mod:`.messages` (the one place a message box or modal dialog runs).

Views never call each other: they meet in the selection, shown-formats and
forecast models, and the window wires the rest in one place
(:class:`~.main_window.MainWindow`).
"""
