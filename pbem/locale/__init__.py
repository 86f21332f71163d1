"""The translation catalogues (fr, es: <lang>/LC_MESSAGES/pbem.po) and the
tool that keeps them in step with the code: ``python -m pbem.locale``."""
