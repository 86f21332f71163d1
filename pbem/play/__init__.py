"""The games and their steps: creating and starting games, the kind of step a game is at, which
sheet each seat plays, resolving a due step and mailing its reports, press between players, a
seat's orders and a game's words in the reader's language, and the demo."""
