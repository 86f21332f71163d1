"""Reading and writing mail: robust text extraction, loop detection, composing answers."""
