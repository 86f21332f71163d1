# Sourced by tests/setup and tests/run: how to install a Debian package, and
# which Python to use.
#
# as_root CMD...       runs CMD as root, through sudo for another user.
# apt_install PKG...   installs with apt-get, as root.
# use_python           activates ./.venv when python3 is Debian's own (which
#                      refuses pip installs: "externally managed") and no venv
#                      is active, making the venv first if need be.

# Dovecot and the PostgreSQL tools live in /usr/sbin, which a user's PATH may lack.
case ":$PATH:" in *:/usr/sbin:*) ;; *) PATH="$PATH:/usr/sbin:/sbin" ;; esac
export PATH

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "tests/setup: this needs root and there is no sudo; run as root: $*" >&2
        exit 1
    fi
}

apt_install() {
    [ "$(id -u)" -eq 0 ] || echo "tests/setup: installing $* from Debian's packages with sudo" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

use_python() {
    [ -n "${VIRTUAL_ENV:-}" ] && return 0
    python3 -c 'import sys
if sys.version_info < (3, 11):
    sys.exit("pbem needs Python 3.11 or newer; this python3 is " + sys.version.split()[0])' || exit 1
    python3 - <<'PY' || return 0
import os, sys, sysconfig
sys.exit(not (sys.prefix == sys.base_prefix
              and os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))
PY
    if [ ! -x .venv/bin/python ]; then
        echo "tests/setup: this python3 takes no pip installs; making a venv in .venv" >&2
        python3 -m venv .venv 2>/dev/null || { apt_install python3-venv && python3 -m venv .venv; }
    fi
    # shellcheck disable=SC1091
    . .venv/bin/activate
}
