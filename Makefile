# Shortcuts for the scripts under packaging/, which the README runs directly.
.PHONY: demo test gallery release startup-symbols install uninstall deb test-installed clean bench bench-memory harden
BIN = .build/release/x11hud
# The Swift runtime linked into the binary: a HUD that lives a second starts in a third of the time.
# Link options, each measured (issue 12; figures in BENCHMARKS.md and the commit that added them):
#   lld and -z pack-relative-relocs: the 38,600 RELATIVE relocations become 930 RELR words (gold has no RELR);
#   -L$(CXX_STATIC): the Swift runtime's C++ library from libstdc++.a, not libstdc++.so, which costs 4,300 symbol
#     relocations at every start (the directory holds only that archive, so -lstdc++ finds it first);
#   -s: no symbol table or debug information in the file (27 → 14.5 MB; none of it is loaded at run time);
#   --symbol-ordering-file, with -function-sections: the functions a HUD's start runs, linked together, so that
#     fewer of the binary's pages are mapped (2.5–2.8 MiB less resident; packaging/startup-symbols.sh);
#   --no-export-dynamic: swiftc exports every public Swift symbol of an executable (4,900), whose names and hash
#     table the dynamic linker reads at every start (0.4 MiB resident); nothing looks them up;
#   -T packaging/discard-eh-frame.ld: no unwind tables (.eh_frame, 1.5 MB of 10.2; nothing unwinds, see the file);
#   --defsym with packaging/unnamed-scalars.c: no Unicode name tables (0.55 MB; nothing asks a scalar's name).
# And two compiler options: type metadata through accessor functions instead of mangled names demangled at run
# time, which argument parsing did for every option type at start (2.8 M fewer instructions before the map, measured
# with swift-argument-parser), and cross-module optimisation, which specialises generic code across modules for
# x11hud's own types (then 16.8 M → 16.1 M instructions up to the X connection, callgrind; -Osize on top saved
# nothing). Both are kept for HUDCommandLine's generic rows and the libraries' generics.
# And no _StringProcessing (issue 51): not imported, and a regex literal refused, in every module the binary links;
# linked, Swift's regular expressions are 1.3 MB of the binary (11.56 → 10.24 MB). HUDBase has the text search.
# A file that forgets `import HUDBase` still compiles against _StringProcessing's search through another module, so
# the link records why each archive member came in and the build fails if the regex engine did (it came back once).
WHY_EXTRACT = $(CURDIR)/.build/release-why-extract.txt
CXX_STATIC = $(CURDIR)/.build/static-libstdc++
UNNAMED = $(CURDIR)/.build/unnamed-scalars.o
LINK = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker -L$(CXX_STATIC) -Xlinker -s \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/startup-symbols.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic -Xlinker -T -Xlinker $(CURDIR)/packaging/discard-eh-frame.ld \
	-Xlinker --why-extract=$(WHY_EXTRACT) \
	-Xlinker $(UNNAMED) -Xlinker --defsym=_swift_stdlib_getScalarName=x11hud_unnamed_scalar
METADATA = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -cross-module-optimization -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import \
	-Xswiftc -Xfrontend -Xswiftc -disable-experimental-string-processing
RELEASE = swift build -c release --static-swift-stdlib $(LINK) $(METADATA)

# make install PREFIX=$HOME/.local, or DESTDIR=/tmp/stage for a staging root.
PREFIX ?= /usr/local

demo:
	sh packaging/dev.sh demo

test:
	sh packaging/dev.sh test

gallery: release
	sh docs/make-gallery.sh $(BIN)

# Rebuilt only when a source is newer, so `make release && sudo make install` runs no Swift build as root.
# The release binary, then the text stack's libraries dropped from its start-up (CCairoLoader loads them on first
# use; see packaging/lazy-text-stack.sh).
$(BIN): Makefile Package.swift packaging/startup-symbols.txt packaging/discard-eh-frame.ld $(UNNAMED) \
		$(shell find Sources -type f)
	mkdir -p $(CXX_STATIC) && ln -sf "$$(cc -print-file-name=libstdc++.a)" $(CXX_STATIC)/libstdc++.a
	$(RELEASE) --product x11hud
	@! grep -v '^/opt' $(WHY_EXTRACT) | grep 'libswift_StringProcessing\|libswift_RegexParser\|Foundation' \
		|| { echo "make: the regex engine or Foundation is linked (the references above; import HUDBase?)" >&2; rm -f $(BIN); exit 1; }
	sh packaging/lazy-text-stack.sh $(BIN)

release: $(BIN)

$(UNNAMED): packaging/unnamed-scalars.c
	mkdir -p $(@D) && cc -O2 -fPIC -c packaging/unnamed-scalars.c -o $@

# Rewrites packaging/startup-symbols.txt, the start-up's functions that the link puts together (needs Xvfb and
# valgrind): the release build linked with its symbol table, profiled, then removed so that `make release` links again.
startup-symbols: $(UNNAMED)
	$(subst -Xlinker -s ,,$(RELEASE)) --product x11hud
	sh packaging/lazy-text-stack.sh $(BIN)
	strip --strip-debug $(BIN)
	sh packaging/startup-symbols.sh $(BIN) > packaging/startup-symbols.txt.new
	mv packaging/startup-symbols.txt.new packaging/startup-symbols.txt
	rm -f $(BIN)

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

# Issue 6: x11hud beside osd_cat, zenity, yad, dunst (and xob: XOB=…/xob) on a private Xvfb, then on a private
# headless sway beside wob and mako (issue 42), in one run; writes BENCHMARKS.md (about 35 min) and ends with
# issue 51's summary table. Options pass through: make bench BENCH_ARGS="--quick" or
# BENCH_ARGS="--only ttff,rss --runs 15"; BENCH_ARGS="--baseline OLD_BINARY" measures an earlier build beside it.
bench: release
	$(RELEASE) --product x11hud-bench
	python3 Tests/Benchmarks/bench.py $(if $(XOB),--xob $(XOB)) $(BENCH_ARGS)

# Issue 51's rows only, in one run (about 15 min): a held key's settle beside dunst, 10 updates/s in 10 % steps
# beside osd_cat, the binary's size, a 3 s HUD's memory beside the C floor and osd_cat, and on headless sway a bar's
# memory and first pixels beside wob, 100 notifications' CPU beside mako; out/bench/BENCHMARKS.md and a summary
# table with ratios and the issue's targets (PASS/FAIL). make bench-51 BENCH_ARGS="--baseline /path/to/old/x11hud".
.PHONY: bench-51
bench-51: release
	python3 Tests/Benchmarks/bench.py --only held,steps,size,rss,wayland --runs 5 --long-runs 3 \
		$(if $(XOB),--xob $(XOB)) $(BENCH_ARGS)

# Memory as the machine sees it (RSS, PSS, private, anonymous from smaps_rollup), x11hud beside its peers and servers;
# XOB=…/xob adds xob. BENCHMARKS.md, section 32.
bench-memory: release
	python3 Tests/Benchmarks/memory.py --binary $(BIN) $(if $(XOB),--xob $(XOB)) $(BENCH_ARGS)

# Issue 42 item 5: x11hud natively on a private headless sway beside wob and mako, one run: first pixels from fork
# (wlr-screencopy, Tests/Benchmarks/wlfirst.c), CPU at 10 and 100 updates/s, memory. Prints the tables of
# BENCHMARKS.md section 34 (about 5 min). As root, sway runs as the user x11hud-test (made when missing).
.PHONY: bench-wayland
bench-wayland: release
	python3 Tests/Benchmarks/wayland_bench.py --binary $(BIN) $(BENCH_ARGS)

# Issue 11: the suite under ASan and TSan, the fuzzer, a soak sampled for leaks (about 50 min the first time).
# Options pass through:
# make harden HARDEN_ARGS="--quick" or HARDEN_ARGS="--only fuzz,soak --fuzz-seconds 60 --soak-seconds 120".
harden:
	sh packaging/deps.sh test
	sh Tests/Harden/harden.sh $(HARDEN_ARGS)

clean:
	rm -rf .build x11hud_*.deb
