"""Mail in: a fetched mail stored (intake), then handled alone (isolation): its sign-on and
password, the protocol's lines and the command table's words, the answer built within its
bounds, and the guards on mail in someone else's name, from strangers and in threads."""
