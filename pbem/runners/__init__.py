"""The runners of a pass, one module per role, the way Mailman splits its
queue runners: ``fetch`` (store mail, then move it out of the inbox),
``outage`` (deadlines moved back after an outage), ``handle`` (answer stored
mail), ``resolve`` (start and resolve due games), ``remind``, ``send`` (flush
the outbox). Each takes the pass as its context (``claim.Context``) and claims
its rows with ``claim.claim``. ``process`` runs them in order under the pass lock,
``workers`` in several processes ('pbem process --workers N'), and ``watch`` starts a pass
within seconds of a mail ('pbem watch')."""
