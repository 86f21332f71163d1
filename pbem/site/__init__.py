"""What is read after the play: any turn as a seat saw it (history, replay), what the public may
read of a log (public), and the static HTML archive with its charts."""
