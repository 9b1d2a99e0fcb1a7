# Shortcuts for packaging/dev.sh, which the README's Quick start runs directly.
.PHONY: demo test gallery install clean bench release
BIN = .build/release/x11hud
# The Swift runtime linked into the binary: a HUD that lives a second starts in a third of the time.
RELEASE = swift build -c release --static-swift-stdlib

# The release binary, then the text stack's libraries dropped from its start-up (CCairoLoader loads them on first
# use; see packaging/lazy-text-stack.sh).
release:
	$(RELEASE) --product x11hud
	sh packaging/lazy-text-stack.sh $(BIN)

demo:
	sh packaging/dev.sh demo

test:
	sh packaging/dev.sh test

gallery: release
	sh docs/make-gallery.sh $(BIN)

install: release
	install -Dm755 $(BIN) $(DESTDIR)/usr/local/bin/x11hud

# Issue 6: x11hud beside osd_cat, zenity, yad and dunst on a private Xvfb; writes BENCHMARKS.md (about 10 min).
# Options pass through: make bench BENCH_ARGS="--quick" or BENCH_ARGS="--only ttff,rss --runs 15".
bench: release
	$(RELEASE) --product x11hud-bench
	python3 Tests/Benchmarks/bench.py $(BENCH_ARGS)

clean:
	rm -rf .build
