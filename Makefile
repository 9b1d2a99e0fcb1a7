# Shortcuts for packaging/dev.sh, which the README's Quick start runs directly.
.PHONY: demo test gallery install clean bench harden
BIN = .build/release/x11hud
# The Swift runtime linked into the binary: a HUD that lives a second starts in a third of the time.
RELEASE = swift build -c release --static-swift-stdlib

demo:
	sh packaging/dev.sh demo

test:
	sh packaging/dev.sh test

gallery:
	$(RELEASE) --product x11hud && sh docs/make-gallery.sh $(BIN)

install:
	$(RELEASE) --product x11hud && install -Dm755 $(BIN) $(DESTDIR)/usr/local/bin/x11hud

# Issue 6: x11hud beside osd_cat, zenity, yad and dunst on a private Xvfb; writes BENCHMARKS.md (about 10 min).
# Options pass through: make bench BENCH_ARGS="--quick" or BENCH_ARGS="--only ttff,rss --runs 15".
bench:
	$(RELEASE) --product x11hud && $(RELEASE) --product x11hud-bench
	python3 Tests/Benchmarks/bench.py $(BENCH_ARGS)

# Issue 11: the suite under ASan and TSan, the fuzzer, a soak sampled for leaks (about 50 min the first time).
# Options pass through:
# make harden HARDEN_ARGS="--quick" or HARDEN_ARGS="--only fuzz,soak --fuzz-seconds 60 --soak-seconds 120".
harden:
	sh packaging/deps.sh test
	sh Tests/Harden/harden.sh $(HARDEN_ARGS)

clean:
	rm -rf .build
