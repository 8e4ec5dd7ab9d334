# nonaga - NONAGA in a terminal.  GNU make.
#
#   make            build/libnonaga.a and build/nonaga (and the catalogs)
#   make check      every test, plainly and under ASan + UBSan (and the
#                   threaded search under TSan)
#   make tsan       the threaded tests under ThreadSanitizer
#   make bench      speed figures and node-count signatures
#   make bench-server  the online server under load (CLIENTS=1000, IDLE=10000,
#                   COMPUTER_GAMES=40; DOOR=1: the players through the SSH
#                   door's identity path)
#   make match      engine against engine (strength), see test/match
#   make match-old  the top level against an older build's (OLD=229b3ab;
#                   THREADS, OLD_THREADS, SEED, GAMES, MOVETIME; EVAL=net:
#                   today's with the learned evaluation)
#   make tune       the evaluation's weights by self-play (test/tune.sh)
#   make texel      the evaluation's weights fitted to engine games (test/texel.c)
#   make train      the learned evaluation's weights (test/train.c)
#   make fuzz       libFuzzer over the parsers, the protocol, the online
#                   client's reading of server lines and the server's
#                   commands
#   make puzzles    src/nonaga/puzzles.txt again from engine self-play
#   make openings   src/nonaga/server/openings.txt again (the computers' matches)
#   make screens    doc/screens.md again: the screens drawn in tmux
#   make install    PREFIX=/usr/local, DESTDIR honoured; make uninstall
#                   (the program, its pages and catalogs, and the library:
#                   libnonaga.a, nonaga.h and nonaga.pc for pkg-config)
#   make install-server  as root: make install, then the shared server
#                   for everyone on this host (system user, systemd unit
#                   enabled and started); make uninstall-server
#   make install-door  the SSH door (as root): the account DOOR_USER (play)
#                   and the sshd drop-in (contrib/nonaga-door.conf) under
#                   SSHD_DIR (/etc/ssh)/sshd_config.d; make uninstall-door
#   make pot        po/nonaga.pot from the sources; make update-po merges it
#   make clean

CC       ?= cc
CLANG    ?= clang
PREFIX   ?= /usr/local
WERROR   ?= -Werror
OPT      ?= -O2
CSTD      = -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes $(WERROR)
CPPFLAGS += -Iinclude -Isrc/lib -Isrc/nonaga -Isrc/nonaga/tui -Isrc/nonaga/server
CFLAGS   ?= -g
SAN       = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TSAN      = -fsanitize=thread -fno-omit-frame-pointer
LIBS      = -lncursesw -lunistring -levent -lpthread -lm
VERSION   = $(shell sed -n 's/^#define NG_VERSION "\(.*\)"/\1/p' include/nonaga.h)

LIB_SRC  = $(wildcard src/lib/*.c)
APP_SRC  = $(wildcard src/nonaga/*.c src/nonaga/tui/*.c src/nonaga/server/*.c)
HDRS     = include/nonaga.h $(wildcard src/lib/*.h) $(wildcard src/nonaga/*.h src/nonaga/tui/*.h src/nonaga/server/*.h)
TEST_C   = $(wildcard test/*_test.c)

# Two variants: build/ (plain) and build/asan/ (sanitizers), same sources.
obj = $(patsubst src/%.c,$(1)/obj/%.o,$(2))

# Message catalogs: po/LL.po -> build/locale/LL/LC_MESSAGES/nonaga.mo
LINGUAS   = ja en
MO        = $(foreach l,$(LINGUAS),build/locale/$(l)/LC_MESSAGES/nonaga.mo)
ASAN_MO   = $(foreach l,$(LINGUAS),build/asan/locale/$(l)/LC_MESSAGES/nonaga.mo)

# Where `make install' puts things; the program is compiled to look for its
# catalogs in LOCALEDIR (unless it finds them beside itself, as in build/).
BINDIR    = $(PREFIX)/bin
MANDIR    = $(PREFIX)/share/man
LOCALEDIR = $(PREFIX)/share/locale
LIBDIR    = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
# The socket of this host's shared server (make install-server): clients
# with no --server use it when a server answers there.
SHARED_SOCKET = /run/nonaga/server.sock
# make install-server: the unit's directory, the server's user and state
UNITDIR      = /etc/systemd/system
SERVER_USER  = nonaga
STATEDIR     = /var/lib/nonaga
SYSTEMD_DIR  = /run/systemd/system

all: build/libnonaga.a build/nonaga $(MO)

# ------------------------------------------------------------ dependencies
# Debian packages the build needs, as package:file-that-proves-it pairs.
BUILD_DEPS = libncurses-dev:/usr/include/ncursesw/curses.h \
             libunistring-dev:/usr/include/unistr.h \
             gettext:/usr/bin/msgfmt libevent-dev:/usr/include/event2/event.h
CHECK_DEPS = tmux:/usr/bin/tmux groff-base:/usr/bin/groff man-db:/usr/bin/man \
             pkgconf:/usr/bin/pkg-config
# Optional: test/door_test.sh runs a real sshd when it can, else skips.
# Installed when we are root; otherwise only said.
OPT_CHECK_DEPS = openssh-client:/usr/bin/ssh-keygen openssh-server:/usr/sbin/sshd
# $(CLANG)'s libFuzzer runtime, if both are there: make check builds the
# fuzz targets then (test/fuzz_test.sh, which asks test/fuzz_rt.sh too,
# runs them over their corpora; without them it skips and says why).
FUZZ_RT   := $(shell CLANG='$(CLANG)' sh test/fuzz_rt.sh)
FUZZ_DEPS  = clang:$(or $(shell command -v '$(CLANG)'),/usr/bin/clang) \
             libclang-rt-dev:$(or $(FUZZ_RT),/usr/lib/libclang_rt.fuzzer.a)
FUZZ_BINS  = build/fuzz build/fuzz_client build/fuzz_server
FUZZ_HAVE := $(if $(FUZZ_RT),yes)

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
	@mkdir -p build; $(call need,$(CHECK_DEPS)); \
	( $(call need,$(OPT_CHECK_DEPS)) ) 2>&1 | sed 's/^nonaga: /nonaga: optional: /' >&2; \
	touch $@
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
# ThreadSanitizer: the library and the threaded tests (make check runs
# build/tsan/test/threads_test; make tsan runs the tactical suite too).
build/tsan/obj/%.o: src/%.c $(HDRS) | build/.deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(TSAN) $(CPPFLAGS) -c $< -o $@
build/tsan/libnonaga.a: $(call obj,build/tsan,$(LIB_SRC))
	rm -f $@; ar rcs $@ $^
build/tsan/test/%: test/%.c build/tsan/libnonaga.a test/tap.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(TSAN) $(CPPFLAGS) -Itest $< -o $@ build/tsan/libnonaga.a -lpthread

# Each program brings its catalogs (order-only), so that a test run alone
# against it finds the Japanese it checks.
build/nonaga: $(call obj,build,$(APP_SRC)) build/libnonaga.a | $(MO)
	$(CC) $(CFLAGS) -o $@ $^ $(LIBS)
build/asan/nonaga: $(call obj,build/asan,$(APP_SRC)) build/asan/libnonaga.a | $(ASAN_MO)
	$(CC) $(SAN) -o $@ $^ $(LIBS)

# play_puzzle.c compiles the puzzle set in: each line of it as a string.
build/gen/puzzles.inc: src/nonaga/puzzles.txt
	@mkdir -p $(dir $@)
	sed -e '/^#/d' -e 's/.*/"&\\n"/' $< > $@
build/obj/nonaga/tui/play_puzzle.o build/asan/obj/nonaga/tui/play_puzzle.o: build/gen/puzzles.inc
build/obj/nonaga/tui/play_puzzle.o build/asan/obj/nonaga/tui/play_puzzle.o: CPPFLAGS += -Ibuild/gen
# server_computer_match.c compiles the computers' openings in likewise.
build/gen/openings.inc: src/nonaga/server/openings.txt
	@mkdir -p $(dir $@)
	sed -e '/^#/d' -e 's/.*/"&",/' $< > $@
build/obj/nonaga/server/server_computer_match.o build/asan/obj/nonaga/server/server_computer_match.o: build/gen/openings.inc
build/obj/nonaga/server/server_computer_match.o build/asan/obj/nonaga/server/server_computer_match.o: CPPFLAGS += -Ibuild/gen

# A stamp file that holds the value of make variables and changes only
# when they do, so that what is built from them is rebuilt then.
stamp = @mkdir -p build; echo '$(1)' > $@.new; \
	if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi

# main.c knows LOCALEDIR: rebuild it when PREFIX changes.
build/.localedir: FORCE
	$(call stamp,$(LOCALEDIR))
build/obj/nonaga/main.o build/asan/obj/nonaga/main.o: build/.localedir
build/obj/nonaga/main.o build/asan/obj/nonaga/main.o: CPPFLAGS += -DLOCALEDIR='"$(LOCALEDIR)"'
# client_connect.c knows SHARED_SOCKET, the same way.
build/.sharedsocket: FORCE
	$(call stamp,$(SHARED_SOCKET))
build/obj/nonaga/client_connect.o build/asan/obj/nonaga/client_connect.o: build/.sharedsocket
build/obj/nonaga/client_connect.o build/asan/obj/nonaga/client_connect.o: \
  CPPFLAGS += -DNETCLIENT_SHARED='"$(SHARED_SOCKET)"'

# The library's pkg-config file, for the PREFIX it is installed to.  The
# archive is static, so what it needs comes under Libs.private (--static).
build/.pcdirs: FORCE
	$(call stamp,$(PREFIX) $(LIBDIR) $(INCLUDEDIR))
build/nonaga.pc: build/.pcdirs include/nonaga.h
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: nonaga' \
	  'Description: NONAGA rules, notation, computer opponent and engine protocol' \
	  'Version: $(VERSION)' \
	  'Libs: -L$${libdir} -lnonaga' 'Libs.private: -lpthread' \
	  'Cflags: -I$${includedir}' > $@

# -c: check the format strings and the header.
build/locale/%/LC_MESSAGES/nonaga.mo: po/%.po | build/.deps-build
	@mkdir -p $(dir $@)
	msgfmt -c -o $@ $<
build/asan/locale/%/LC_MESSAGES/nonaga.mo: po/%.po | build/.deps-build
	@mkdir -p $(dir $@)
	msgfmt -c -o $@ $<

# C test programs: test/NAME_test.c -> build/test/NAME_test and the asan twin
build/test/%: test/%.c build/libnonaga.a test/tap.h test/netc.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) -Itest $< -o $@ build/libnonaga.a -lpthread -lm
build/asan/test/%: test/%.c build/asan/libnonaga.a test/tap.h test/netc.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(SAN) $(CPPFLAGS) -Itest $< -o $@ build/asan/libnonaga.a -lpthread -lm
build/match: test/match.c
	$(CC) $(CSTD) $(WARN) $(OPT) $< -o $@ -lm
# The evaluation's weights fitted to the results of engine games
# (test/texel.c says how): TEXEL_GAMES games in two processes, then the fit.
build/texel: test/texel.c test/genline.h build/libnonaga.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) -Itest $< -o $@ build/libnonaga.a -lpthread -lm
TEXEL_GAMES ?= 3000
texel: build/texel
	build/texel gen $$(($(TEXEL_GAMES) / 2)) 1 > build/texel-1.txt & p=$$!; \
	build/texel gen $$(($(TEXEL_GAMES) - $(TEXEL_GAMES) / 2)) 2 > build/texel-2.txt && \
	wait $$p && build/texel fit build/texel-1.txt build/texel-2.txt
# The learned evaluation's weights (src/lib/nnue_weights.c, in git): self-
# play positions of texel gen in TRAIN_GAMES games (two processes, under
# nice), labelled by their search and result, then test/train.c's fit;
# the data stays in build/train.d/.  The defaults make the weights in git
# (about 20 minutes of games and 10 to 15 of fit on the two-core machine).
# doc/engine.md (Learned evaluation).
build/train: test/train.c test/genline.h build/libnonaga.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) -Itest $< -o $@ build/libnonaga.a -lpthread -lm
TRAIN_GAMES ?= 48000
TRAIN_SEED ?= 301
train: build/texel build/train
	@mkdir -p build/train.d
	nice -n 19 build/texel gen $$(($(TRAIN_GAMES) / 2)) $(TRAIN_SEED) > build/train.d/a.txt & p=$$!; \
	nice -n 19 build/texel gen $$(($(TRAIN_GAMES) - $(TRAIN_GAMES) / 2)) $$(($(TRAIN_SEED) + 1)) > build/train.d/b.txt && \
	wait $$p && nice -n 19 build/train -s $(TRAIN_SEED) build/train.d/a.txt build/train.d/b.txt
# The puzzle set: made by test/puzzlegen.c, shipped in the tree.
build/puzzlegen: test/puzzlegen.c test/puzzle_check.h build/libnonaga.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) -Itest $< -o $@ build/libnonaga.a -lpthread
puzzles: build/puzzlegen
	build/puzzlegen > src/nonaga/puzzles.txt.new && mv src/nonaga/puzzles.txt.new src/nonaga/puzzles.txt
# The openings of the server's computer matches: made by
# test/openingsgen.c, shipped in the tree.
build/openingsgen: test/openingsgen.c build/libnonaga.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) $< -o $@ build/libnonaga.a -lpthread -lm
openings: build/openingsgen
	build/openingsgen > src/nonaga/server/openings.txt.new && \
	  mv src/nonaga/server/openings.txt.new src/nonaga/server/openings.txt
# The screens of doc/screens.md, drawn by the program in tmux from fixed
# positions (test/screens.sh); make check compares (test/screens_test.sh).
screens: all build/.deps-check
	NONAGA=build/nonaga sh test/screens.sh doc/screens.md
build/refgen: test/refgen.c
	$(CC) -std=c11 -O2 $(WARN) $< -o $@
# Tests that include a source file of the program rebuild when it changes.
build/test/layout_test build/asan/test/layout_test: src/nonaga/tui/board_layout.c src/nonaga/tui/board_cells.c $(HDRS)
build/test/reasons_test build/asan/test/reasons_test: src/nonaga/tui/reasons.c $(HDRS)
build/test/turn_test build/asan/test/turn_test: src/nonaga/turn.c $(HDRS)
build/test/journal_test build/asan/test/journal_test: src/nonaga/server/server_store.c src/nonaga/server/server_journal.c src/nonaga/server/server_dir.c \
  src/nonaga/server/server_damage.c src/nonaga/server/server_record.c src/nonaga/server/server_entry.c \
  src/nonaga/server/server_clock.c src/nonaga/server/server_rating.c src/nonaga/server/server_names.c \
  src/nonaga/server/server_arena_store.c \
  src/nonaga/server/rating.c src/nonaga/durable.c $(HDRS)
build/test/rating_test build/asan/test/rating_test build/test/ratings_test \
  build/asan/test/ratings_test build/test/ratings_crash_test \
  build/asan/test/ratings_crash_test build/test/computer_match_test \
  build/asan/test/computer_match_test: src/nonaga/server/rating.c $(HDRS)
build/test/ratings_test build/asan/test/ratings_test build/test/ratings_crash_test \
  build/asan/test/ratings_crash_test: test/srvtest.h
build/test/sshkey_test build/asan/test/sshkey_test: src/nonaga/sha256.c src/nonaga/sshkey.c $(HDRS)
build/test/analysis_test build/asan/test/analysis_test: src/nonaga/analysis.c $(HDRS)
build/test/puzzles_test build/asan/test/puzzles_test: test/puzzle_check.h src/nonaga/puzzles.txt
build/test/server_test build/asan/test/server_test build/test/server_cmd_test \
build/asan/test/server_cmd_test build/test/server_hostile_test \
build/asan/test/server_hostile_test build/test/players_test build/asan/test/players_test \
  build/test/offers_test build/asan/test/offers_test build/test/identity_test \
  build/asan/test/identity_test build/test/stall_test \
  build/asan/test/stall_test build/test/diskfull_test build/asan/test/diskfull_test \
  build/test/server_start_test build/asan/test/server_start_test build/test/names_test \
  build/asan/test/names_test build/test/server_seek_test build/asan/test/server_seek_test \
  build/test/challenge_test build/asan/test/challenge_test build/test/bot_test \
  build/test/casual_test build/asan/test/casual_test build/test/computer_clock_test \
  build/asan/test/computer_clock_test \
  build/test/challenge_computer_test build/asan/test/challenge_computer_test \
  build/asan/test/bot_test build/test/arena_test build/asan/test/arena_test \
  build/test/arena_fault_test build/asan/test/arena_fault_test \
  build/test/computer_match_test build/asan/test/computer_match_test: test/srvtest.h
build/test/diskfull_test build/asan/test/diskfull_test: src/nonaga/server/server_journal.c src/nonaga/durable.c
build/test/kinds_test build/asan/test/kinds_test: src/nonaga/kinds.c
build/test/tactics_test build/asan/test/tactics_test build/tsan/test/tactics_test: test/puzzle_check.h

# test/savetool.c drives the program's src/nonaga/savefile.c for the
# shell tests test/save_test.sh and test/save_crash_test.sh.
# (savefile.c reads the kinds of opponent from kinds.c)
SAVETOOL_OBJ = savefile.o kinds.o durable.o
build/test/savetool: test/savetool.c $(addprefix build/obj/nonaga/,$(SAVETOOL_OBJ)) build/libnonaga.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $(CPPFLAGS) $< $(addprefix build/obj/nonaga/,$(SAVETOOL_OBJ)) \
	  -o $@ build/libnonaga.a -lpthread
build/asan/test/savetool: test/savetool.c $(addprefix build/asan/obj/nonaga/,$(SAVETOOL_OBJ)) build/asan/libnonaga.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g $(SAN) $(CPPFLAGS) $< $(addprefix build/asan/obj/nonaga/,$(SAVETOOL_OBJ)) \
	  -o $@ build/asan/libnonaga.a -lpthread

# test/fakeserver.c: a lying server for test/tui_online_test.sh
build/test/fakeserver: test/fakeserver.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $< -o $@

# test/lineproxy.c: between client and server for test/tui_lobby_news_test.sh
build/test/lineproxy: test/lineproxy.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) $< -o $@

# test/syncshim.c: the LD_PRELOAD shim of test/durable_test.c, plain for
# both variants (durable_test.c says how it is preloaded under ASan)
build/test/syncshim.so: test/syncshim.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -fPIC -shared $< -o $@ -ldl
build/test/durable_test build/asan/test/durable_test: build/test/syncshim.so test/srvtest.h
build/test/damage_test build/asan/test/damage_test: test/srvtest.h

TEST_BINS = $(patsubst test/%.c,build/test/%,$(TEST_C)) build/refgen build/test/savetool \
            build/test/fakeserver build/test/lineproxy build/test/syncshim.so
ASAN_BINS = $(patsubst test/%.c,build/asan/test/%,$(TEST_C)) build/asan/test/savetool

# the tools of make match, tune, texel and puzzles: built by make check so
# that they keep compiling
TOOLS = build/match build/texel build/train build/puzzlegen build/openingsgen

# ------------------------------------------------------------------ check
check: all build/asan/nonaga $(ASAN_MO) $(TEST_BINS) $(ASAN_BINS) build/tsan/test/threads_test \
       $(TOOLS) build/.deps-check $(if $(FUZZ_HAVE),$(FUZZ_BINS))
	@CLANG='$(CLANG)' sh test/run.sh

tsan: build/tsan/test/threads_test build/tsan/test/tactics_test
	build/tsan/test/threads_test
	build/tsan/test/tactics_test

# -------------------------------------------------------------------- fuzz
# libFuzzer with ASan + UBSan over the parsers and the protocol, for
# FUZZ_TIME seconds; new inputs go to build/fuzz-corpus, seeds come from
# test/fuzz-corpus.  The library is compiled in with the same flags.
FUZZ_TIME ?= 600
FUZZ_SAN   = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all

build/fuzz: test/fuzz.c test/fuzz_record.h $(LIB_SRC) $(HDRS) | build/.deps-fuzz
	$(CLANG) $(CSTD) $(WARN) -O1 -g $(FUZZ_SAN) $(CPPFLAGS) test/fuzz.c $(LIB_SRC) -o $@ -lpthread

# The online client's reading of server lines (test/fuzz_client.c), with
# the program's client sources compiled in.
FUZZ_CLIENT_SRC = src/nonaga/client_proto.c src/nonaga/client_connect.c src/nonaga/net.c src/nonaga/config.c \
                  src/nonaga/savefile.c src/nonaga/kinds.c src/nonaga/client_mine.c src/nonaga/durable.c
build/fuzz_client: test/fuzz_client.c test/fuzz_scratch.h $(FUZZ_CLIENT_SRC) $(LIB_SRC) $(HDRS) | build/.deps-fuzz
	$(CLANG) $(CSTD) $(WARN) -O1 -g $(FUZZ_SAN) $(CPPFLAGS) test/fuzz_client.c \
	  $(FUZZ_CLIENT_SRC) $(LIB_SRC) -o $@ -lunistring -lpthread

# The server's command dispatcher (test/fuzz_server.c): the server's
# sources but the loop (server.c) and the connection layer
# (server_conn.c), which the target replaces.
FUZZ_SERVER_SRC = $(filter-out src/nonaga/server/server.c src/nonaga/server/server_conn.c,$(wildcard src/nonaga/server/*.c)) \
                  src/nonaga/net.c src/nonaga/sshkey.c src/nonaga/sha256.c \
                  src/nonaga/config.c src/nonaga/durable.c
build/fuzz_server: test/fuzz_server.c test/fuzz_scratch.h $(FUZZ_SERVER_SRC) $(LIB_SRC) $(HDRS) \
                   build/gen/openings.inc | build/.deps-fuzz
	$(CLANG) $(CSTD) $(WARN) -O1 -g $(FUZZ_SAN) $(CPPFLAGS) -Ibuild/gen test/fuzz_server.c \
	  $(FUZZ_SERVER_SRC) $(LIB_SRC) -o $@ -levent -lunistring -lpthread -lm

fuzz: $(FUZZ_BINS)
	@mkdir -p build/fuzz-corpus build/fuzz-corpus-client build/fuzz-corpus-server
	build/fuzz -max_total_time=$(FUZZ_TIME) -max_len=8192 -timeout=30 \
	  -dict=test/fuzz.dict -artifact_prefix=build/ -print_final_stats=1 build/fuzz-corpus test/fuzz-corpus
	build/fuzz_client -max_total_time=$(FUZZ_TIME) -max_len=20000 -timeout=30 \
	  -artifact_prefix=build/fuzz-client- -print_final_stats=1 \
	  build/fuzz-corpus-client test/fuzz-corpus-client
	build/fuzz_server -max_total_time=$(FUZZ_TIME) -max_len=8192 -timeout=30 \
	  -artifact_prefix=build/fuzz-server- -print_final_stats=1 \
	  build/fuzz-corpus-server test/fuzz-corpus-server

# First what compares across versions (the time to a depth, the signature),
# then what does not (the node rates: bench.c says why).
bench: build/nonaga build/test/bench
	@echo "time to depth: compares across versions on a quiet machine"
	@build/test/bench ttd 4 40
	@build/test/bench

# The online server under load: CLIENTS connections playing CLIENTS/2
# games on loopback (see test/server_bench.c for what it measures), first
# beside IDLE idle connections and COMPUTER_GAMES games against the
# server's computers (levels 1,4,7,10 on 3+2, the default --computer-jobs;
# each level's games, losses on time, longest move and wait in line), then
# alone (the last line), in the durable
# --sync batch, the state directory in $$TMPDIR (or /tmp): on a disk, not
# a tmpfs, for the figure that counts.
# DOOR=1: the playing clients come in as SSH door players (`as KEY ADDR',
# test/server_bench.c says how).
CLIENTS ?= 1000
IDLE ?= 10000
COMPUTER_GAMES ?= 40
DOOR ?=
bench-server: build/nonaga build/test/server_bench
	@build/test/server_bench $(CLIENTS) --idle $(IDLE) --computer-games $(COMPUTER_GAMES) \
	 --sync batch $(if $(DOOR),--door)
	@build/test/server_bench $(CLIENTS) --sync batch $(if $(DOOR),--door)

# The SSH door under load through a real OpenSSH on 127.0.0.1 (root and
# sshd; it says skipped otherwise): test/bench_door.sh says what it prints.
BENCH_N ?= 20
BENCH_RATE ?= 5
BENCH_PAIRS ?= 2
BENCH_IDLE ?= 10
BENCH_PAM ?= no
bench-door: build/nonaga
	@BENCH_N=$(BENCH_N) BENCH_RATE=$(BENCH_RATE) BENCH_PAIRS=$(BENCH_PAIRS) \
	 BENCH_IDLE=$(BENCH_IDLE) BENCH_PAM=$(BENCH_PAM) sh test/bench_door.sh

# Strength: see test/match.sh for the table in doc/engine.md, and
# test/match_old.sh for today's top level against an older build's.
match: build/nonaga build/match
	@sh test/match.sh
match-old: build/nonaga build/match
	@sh test/match_old.sh
# The computer levels' ratings (test/calibrate.sh): rated games between
# the levels on a private server, CAL_MATCHES at once on CAL_CLOCK, until
# every step is measured or CAL_MINUTES; writes src/lib/level_ratings.c.
CAL_MINUTES = 60
CAL_MATCHES = 3
CAL_CLOCK = 1+1
calibrate: build/nonaga
	@CAL_MINUTES='$(CAL_MINUTES)' CAL_MATCHES='$(CAL_MATCHES)' CAL_CLOCK='$(CAL_CLOCK)' \
	  sh test/calibrate.sh
# The evaluation's weights by self-play (test/tune.sh says how).
tune: build/nonaga build/match
	@sh test/tune.sh

# ------------------------------------------------------------ translation
# po/POTFILES lists the sources (wildcards allowed).  `make pot' rewrites
# POT (po/nonaga.pot) only when more than its date changed; `make
# update-po' merges it into po/ja.po and regenerates po/en.po (msgstr =
# msgid).  test/po_test.sh fails while the template is stale or a catalog
# has an untranslated or fuzzy message.
POT       ?= po/nonaga.pot
POT_SRC    = $(wildcard $(shell grep -v '^\#' po/POTFILES))
XGETTEXT_FLAGS = --keyword=_ --keyword=N_ --keyword=ngettext:1,2 \
	--add-comments=TRANSLATORS: --from-code=UTF-8 \
	--package-name=nonaga --package-version=$(VERSION) \
	--copyright-holder='the nonaga authors' \
	--msgid-bugs-address='the nonaga issue tracker'

pot: | build/.deps-build
	@xgettext $(XGETTEXT_FLAGS) -o $(POT).new $(POT_SRC)
	@sed '/^"POT-Creation-Date:/d' $(POT).new > $(POT).a; \
	if [ -f $(POT) ]; then sed '/^"POT-Creation-Date:/d' $(POT) > $(POT).b; else : > $(POT).b; fi; \
	if cmp -s $(POT).a $(POT).b; then rm -f $(POT).new; echo "$(POT) is up to date"; \
	else mv $(POT).new $(POT); echo "$(POT) updated"; fi; rm -f $(POT).a $(POT).b

update-po: pot
	msgmerge --quiet --update --backup=none po/ja.po po/nonaga.pot
	msginit --no-translator --locale=en --input=po/nonaga.pot --output-file=po/en.po.new
	msgconv --to-code=UTF-8 -o po/en.po po/en.po.new; rm -f po/en.po.new
	@msgfmt -c --statistics -o /dev/null po/ja.po

# --------------------------------------------------------------- install
INSTALLED = $(BINDIR)/nonaga $(MANDIR)/man6/nonaga.6 $(MANDIR)/ja/man6/nonaga.6 \
            $(foreach l,$(LINGUAS),$(LOCALEDIR)/$(l)/LC_MESSAGES/nonaga.mo) \
            $(LIBDIR)/libnonaga.a $(INCLUDEDIR)/nonaga.h $(PKGCONFIGDIR)/nonaga.pc

install: all build/nonaga.pc
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6 $(DESTDIR)$(MANDIR)/ja/man6 \
	  $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 755 build/nonaga $(DESTDIR)$(BINDIR)/nonaga
	install -m 644 build/libnonaga.a $(DESTDIR)$(LIBDIR)/libnonaga.a
	install -m 644 include/nonaga.h $(DESTDIR)$(INCLUDEDIR)/nonaga.h
	install -m 644 build/nonaga.pc $(DESTDIR)$(PKGCONFIGDIR)/nonaga.pc
	install -m 644 man/nonaga.6 $(DESTDIR)$(MANDIR)/man6/nonaga.6
	install -m 644 man/ja/nonaga.6 $(DESTDIR)$(MANDIR)/ja/man6/nonaga.6
	for l in $(LINGUAS); do \
	  install -d $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES && \
	  install -m 644 build/locale/$$l/LC_MESSAGES/nonaga.mo $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/nonaga.mo || exit 1; \
	done

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# The shared server (contrib/server-setup.sh says what it does): the unit
# is contrib/nonaga-server.service with this build's program, socket,
# user and state directory.
build/.serverpaths: FORCE
	$(call stamp,$(BINDIR) $(SHARED_SOCKET) $(SERVER_USER) $(STATEDIR))
build/nonaga-server.service: contrib/nonaga-server.service build/.serverpaths
	sed -e '/^ExecStart=/s|/usr/local/bin/nonaga|$(BINDIR)/nonaga|' \
	    -e '/^ExecStart=/s|/run/nonaga/server.sock|$(SHARED_SOCKET)|' \
	    -e '/^ExecStart=/s|/var/lib/nonaga|$(STATEDIR)|' \
	    -e 's|^RuntimeDirectory=.*|RuntimeDirectory=$(patsubst /run/%/,%,$(dir $(SHARED_SOCKET)))|' \
	    -e 's|^StateDirectory=.*|StateDirectory=$(patsubst /var/lib/%,%,$(STATEDIR))|' \
	    -e 's|^User=.*|User=$(SERVER_USER)|' -e 's|^Group=.*|Group=$(SERVER_USER)|' $< > $@
# GATEWAY=LOGIN: the server's --gateway (the SSH door's account); not
# given, what the installed unit has is kept (GATEWAY= drops it).
SERVER_ENV = DESTDIR='$(DESTDIR)' BINDIR='$(BINDIR)' UNITDIR='$(UNITDIR)' \
             UNIT=build/nonaga-server.service SHARED_SOCKET='$(SHARED_SOCKET)' \
             SERVER_USER='$(SERVER_USER)' STATEDIR='$(STATEDIR)' SYSTEMD_DIR='$(SYSTEMD_DIR)' \
             GATEWAY='$(GATEWAY)' GATEWAY_GIVEN='$(if $(filter undefined,$(origin GATEWAY)),,1)'
install-server: install build/nonaga-server.service
	@$(SERVER_ENV) sh contrib/server-setup.sh install
uninstall-server:
	@$(SERVER_ENV) sh contrib/server-setup.sh uninstall
# The SSH door (nonaga(6), THE SSH DOOR): contrib/door-install.sh says what
# it does, and refuses an sshd_config that does not read sshd_config.d,
# or an account it did not make unless DOOR_ADOPT=1.
SSHD_DIR  ?= /etc/ssh
DOOR_USER ?= play
DOOR_SOCKET ?= /run/nonaga/server.sock
install-door uninstall-door:
	@DESTDIR='$(DESTDIR)' BINDIR='$(BINDIR)' SSHD_DIR='$(SSHD_DIR)' \
	  DOOR_USER='$(DOOR_USER)' DOOR_SOCKET='$(DOOR_SOCKET)' DOOR_ADOPT='$(DOOR_ADOPT)' \
	  sh contrib/door-install.sh $(@:-door=)

clean:
	rm -rf build

FORCE:
.PHONY: all check tsan bench bench-door match match-old calibrate tune texel train fuzz puzzles openings screens clean pot update-po install uninstall \
        install-server uninstall-server install-door uninstall-door FORCE
.DELETE_ON_ERROR:
