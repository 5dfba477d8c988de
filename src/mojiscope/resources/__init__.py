"""Package data: icons, the demo sample and style sheets, read with importlib.resources."""
