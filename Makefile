# Shortcuts for the scripts under packaging/, which the README runs directly.
.PHONY: demo test gallery release install uninstall deb test-installed clean bench
BIN = .build/release/x11hud
# The Swift runtime linked into the binary: a HUD that lives a second starts in a third of the time.
RELEASE = swift build -c release --static-swift-stdlib
# make install PREFIX=$HOME/.local, or DESTDIR=/tmp/stage for a staging root.
PREFIX ?= /usr/local

demo:
	sh packaging/dev.sh demo

test:
	sh packaging/dev.sh test

gallery:
	$(RELEASE) --product x11hud && sh docs/make-gallery.sh $(BIN)

# Rebuilt only when a source is newer, so `make release && sudo make install` runs no Swift build as root.
$(BIN): Package.swift $(shell find Sources -type f)
	$(RELEASE) --product x11hud

release: $(BIN)

# The binary, its man page, bash/zsh/fish completions, README and example config under $(PREFIX).
install: $(BIN)
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) sh packaging/install.sh install $(BIN)

uninstall:
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) sh packaging/install.sh uninstall

# x11hud_VERSION_ARCH.deb for machines without Swift: apt-get install ./x11hud_*.deb
deb:
	sh packaging/deb.sh

# Builds the .deb, installs it, runs the installed x11hud without Swift on PATH, removes it again (needs root).
test-installed:
	sh packaging/test-installed.sh

# Issue 6: x11hud beside osd_cat, zenity, yad and dunst on a private Xvfb; writes BENCHMARKS.md (about 10 min).
# Options pass through: make bench BENCH_ARGS="--quick" or BENCH_ARGS="--only ttff,rss --runs 15".
bench:
	$(RELEASE) --product x11hud && $(RELEASE) --product x11hud-bench
	python3 Tests/Benchmarks/bench.py $(BENCH_ARGS)

clean:
	rm -rf .build x11hud_*.deb
