# nonaga - NONAGA in a terminal.  GNU make.
#
#   make            build/libnonaga.a and build/nonaga (and the catalogs)
#   make check      every test, plainly and under ASan + UBSan
#   make bench      speed figures and node-count signatures
#   make match      engine against engine (strength), see test/match
#   make fuzz       libFuzzer over the parsers and the protocol
#   make install    PREFIX=/usr/local, DESTDIR honoured; make uninstall
#   make clean

CC       ?= cc
CLANG    ?= clang
PREFIX   ?= /usr/local
WERROR   ?= -Werror
OPT      ?= -O2
CSTD      = -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes $(WERROR)
CPPFLAGS += -Iinclude -Isrc/lib -Isrc/nonaga
CFLAGS   ?= -g
SAN       = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LIBS      = -lncursesw -lunistring -lpthread
VERSION   = $(shell sed -n 's/^#define NG_VERSION "\(.*\)"/\1/p' include/nonaga.h)

LIB_SRC  = $(wildcard src/lib/*.c)
APP_SRC  = $(wildcard src/nonaga/*.c)
HDRS     = include/nonaga.h $(wildcard src/lib/*.h) $(wildcard src/nonaga/*.h)
TEST_C   = $(wildcard test/*_test.c)

# Two variants: build/ (plain) and build/asan/ (sanitizers), same sources.
obj = $(patsubst src/%.c,$(1)/obj/%.o,$(2))

all: build/libnonaga.a build/nonaga

# ------------------------------------------------------------ dependencies
# Debian packages the build needs, as package:file-that-proves-it pairs.
BUILD_DEPS = libncurses-dev:/usr/include/ncursesw/curses.h \
             libunistring-dev:/usr/include/unistr.h \
             gettext:/usr/bin/msgfmt
CHECK_DEPS = tmux:/usr/bin/tmux groff-base:/usr/bin/groff man-db:/usr/bin/man
FUZZ_DEPS  = clang:/usr/bin/clang libclang-rt-dev:/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a

# Install what is missing with apt-get when we are root, else say how.
need = missing=""; for p in $(1); do f=$${p\#*:}; [ -e "$$f" ] || missing="$$missing $${p%%:*}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "nonaga: installing$$missing with apt-get" >&2; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q $$missing >&2 || { apt-get update -q >&2 && apt-get install -y -q $$missing >&2; } || exit 1; \
	  else \
	    echo "nonaga: missing Debian packages:$$missing" >&2; \
	    echo "nonaga: install them with:  sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi

build/.deps-build:
	@mkdir -p build; $(call need,$(BUILD_DEPS)); touch $@
build/.deps-check:
	@mkdir -p build; $(call need,$(CHECK_DEPS)); touch $@
build/.deps-fuzz:
	@mkdir -p build; $(call need,$(FUZZ_DEPS)); touch $@

# ------------------------------------------------------------------ build
build/obj/%.o: src/%.c $(HDRS) | build/.deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) -c $< -o $@
build/asan/obj/%.o: src/%.c $(HDRS) | build/.deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(SAN) $(CPPFLAGS) -c $< -o $@

build/libnonaga.a: $(call obj,build,$(LIB_SRC))
	rm -f $@; ar rcs $@ $^
build/asan/libnonaga.a: $(call obj,build/asan,$(LIB_SRC))
	rm -f $@; ar rcs $@ $^

build/nonaga: $(call obj,build,$(APP_SRC)) build/libnonaga.a
	$(CC) $(CFLAGS) -o $@ $^ $(LIBS)
build/asan/nonaga: $(call obj,build/asan,$(APP_SRC)) build/asan/libnonaga.a
	$(CC) $(SAN) -o $@ $^ $(LIBS)

# C test programs: test/NAME_test.c -> build/test/NAME_test and the asan twin
build/test/%: test/%.c build/libnonaga.a test/tap.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) -Itest $< -o $@ build/libnonaga.a -lpthread
build/asan/test/%: test/%.c build/asan/libnonaga.a test/tap.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(SAN) $(CPPFLAGS) -Itest $< -o $@ build/asan/libnonaga.a -lpthread
build/refgen: test/refgen.c
	$(CC) -std=c11 -O2 $(WARN) $< -o $@
# Tests that include a source file of the program rebuild when it changes.
build/test/layout_test build/asan/test/layout_test: src/nonaga/layout.c $(HDRS)
build/test/reasons_test build/asan/test/reasons_test: src/nonaga/reasons.c $(HDRS)

TEST_BINS = $(patsubst test/%.c,build/test/%,$(TEST_C)) build/refgen
ASAN_BINS = $(patsubst test/%.c,build/asan/test/%,$(TEST_C))

# ------------------------------------------------------------------ check
check: all build/asan/nonaga $(TEST_BINS) $(ASAN_BINS) build/.deps-check
	@sh test/run.sh

bench: build/nonaga build/test/bench
	@build/test/bench

clean:
	rm -rf build

.PHONY: all check bench clean
.DELETE_ON_ERROR:
