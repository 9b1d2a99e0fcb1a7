// The version printed by `x11hud --version`. VERSION at the top of the repository is the one place it is set:
// packaging/version.sh writes this file from it, and a test and `make deb` fail when the two disagree.
let x11hudVersion = "0.1.0"
