# Shortcuts for packaging/dev.sh, which the README's Quick start runs directly.
.PHONY: demo test gallery install clean
BIN = .build/release/x11hud

demo:
	sh packaging/dev.sh demo

test:
	sh packaging/dev.sh test

gallery:
	swift build -c release --product x11hud && sh docs/make-gallery.sh $(BIN)

install:
	swift build -c release --product x11hud && install -Dm755 $(BIN) $(DESTDIR)/usr/local/bin/x11hud

clean:
	rm -rf .build
