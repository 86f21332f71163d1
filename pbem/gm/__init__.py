"""The GM's tools, shared by GM mail and 'pbem game ...': pause, resume, extend, preview, replace,
vacation, end (gmtools), the game states each GM command accepts (gmstate), and rolling back the
last step (rollback)."""
