"""The Qt application (PySide6): views, models, dialogs and workers over mojiscope.core."""
