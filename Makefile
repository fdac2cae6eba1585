# bigchess - GNU make.  Objects go to $(BUILD) (build/ by default).
#
#   make            the bigchess binary and libbigchess.a
#   make play       build and start playing
#   make check      build and run every test, normally and under
#                   AddressSanitizer + UndefinedBehaviorSanitizer, and
#                   lint the man pages (CHECK_JOBS parts at a time)
#   make test       one build's tests, in $(BUILD) (TEST_JOBS at a time)
#   make man-lint   lint the man pages (groff and mandoc, 80 columns)
#   make lint       static analysis (cppcheck, clang-tidy) and man-lint
#   make valgrind   memcheck over the tests and a scripted game
#   make deps-graph the largest circle of includes and calls in src/
#                   (make check fails on one of more than two files)
#   make bench      perft benchmarks with nodes per second
#   make monkey     random keys for the AddressSanitizer binary in a pty:
#                   MONKEY_KEYS (10000) per variant, hot-seat and against
#                   the computer (tests/monkey.c; MONKEY_SEED repeats one)
#   make fuzz       libFuzzer on each harness in tests/fuzz/ for
#                   FUZZ_SECONDS (60) each; needs clang
#   make deps       install the Debian packages needed to build and test
#   make install    binary and man pages under $(DESTDIR)$(PREFIX)
#   make RESTRICTED=1  a build that is always in restricted mode (for
#                   shared hosts; nothing at run time turns it off)
#   make SYSCONFDIR=/etc  where the administrator's settings file,
#                   bigchess/config, is looked for
#   make clean

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
SYSCONFDIR ?= /etc
BUILD ?= build

CC ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes \
	-Wstrict-prototypes -Wpointer-arith -Wcast-qual -Wformat=2
ifdef WERROR
WARNINGS += -Werror
endif
ifdef SANITIZE
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
endif
# ThreadSanitizer (make tsan): the engine's threads and shared table.
ifdef TSAN
SAN_FLAGS = -fsanitize=thread -fno-omit-frame-pointer
endif

# Hardening (issue #16), in every build unless HARDEN=0: a stack
# protector on functions with arrays, stack-clash probes, a position-
# independent executable (so ASLR moves the code too), and relocations
# read-only after start-up (RELRO, all symbols bound at once).  glibc's
# _FORTIFY_SOURCE=3 checks the sizes of memcpy, snprintf and friends; it
# needs optimisation and clashes with the sanitizers' own checks, so it
# is left out of SANITIZE builds and of builds without -O.
# tests/hardening.sh checks the binary.
HARDEN ?= 1
ifeq ($(HARDEN),1)
HARDEN_CFLAGS = -fstack-protector-strong -fstack-clash-protection -fPIE
HARDEN_LDFLAGS = -pie -Wl,-z,relro,-z,now
ifndef SANITIZE
ifneq ($(filter -O -O1 -O2 -O3 -Os -Og -Ofast -Oz,$(CFLAGS)),)
HARDEN_CPPFLAGS = -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3
endif
endif
endif

ALL_CFLAGS = -std=c11 $(WARNINGS) $(SAN_FLAGS) $(HARDEN_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(SAN_FLAGS) $(HARDEN_LDFLAGS) $(LDFLAGS)
ALL_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -MMD -MP \
	$(HARDEN_CPPFLAGS) $(CPPFLAGS)

CURSES_CFLAGS = $(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null)
CURSES_LIBS = $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null)
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)
VTERM_CFLAGS = $(shell $(PKG_CONFIG) --cflags vterm 2>/dev/null)
VTERM_LIBS = $(shell $(PKG_CONFIG) --libs vterm 2>/dev/null)

# Layers, top to bottom: app (src/app) -> ui -> engine -> rules.
RULES_SRC = $(wildcard src/rules/*.c)
ENGINE_SRC = $(wildcard src/engine/*.c)
UI_SRC = $(wildcard src/ui/*.c)
APP_SRC = $(wildcard src/app/*.c)
TEST_SRC = $(wildcard tests/check_*.c)
TEST_SRC += tests/pty_harness.c
TEST_SRC += tests/pty_board.c
TEST_SRC += tests/pipe_child.c
TEST_SRC += tests/test_util.c
TEST_SRC += tests/fake_ui.c

RULES_OBJ = $(RULES_SRC:%.c=$(BUILD)/%.o)
ENGINE_OBJ = $(ENGINE_SRC:%.c=$(BUILD)/%.o)
UI_OBJ = $(UI_SRC:%.c=$(BUILD)/%.o)
APP_OBJ = $(APP_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)

LIB = $(BUILD)/libbigchess.a
FLAGS_STAMP = $(BUILD)/gen/flags
BIN = $(BUILD)/bigchess
TEST_BIN = $(BUILD)/check_bigchess

# Lessons (issue #8): assets/lessons/*/*.txt, embedded as C strings in a
# generated file; the test links them with their parser.
LESSON_TXT = $(sort $(wildcard assets/lessons/*/*.txt))
LESSON_GEN = $(BUILD)/gen/lessons_data.c
LESSON_OBJ = $(BUILD)/gen/lessons_data.o
# The built-in rules texts (issue #8, the R key): assets/rules/*.txt,
# embedded the same way by tools/embed-rules.
RULESTEXT_TXT = $(sort $(wildcard assets/rules/*.txt))
RULESTEXT_GEN = $(BUILD)/gen/rules_data.c
RULESTEXT_OBJ = $(BUILD)/gen/rules_data.o
# App files tested directly: save files (suite save), lessons (lessons).
TEST_APP_OBJ = $(BUILD)/src/app/savegame.o $(BUILD)/src/app/lessons.o \
	$(LESSON_OBJ)
TEST_APP_OBJ += $(BUILD)/src/app/fileio.o $(BUILD)/src/app/history.o
# ... the settings files and restricted mode (suites config, history).
TEST_APP_OBJ += $(BUILD)/src/app/config.o
# ... the bench positions, which suite registry checks per variant.
TEST_APP_OBJ += $(BUILD)/src/app/bench.o
# ... the game rooms' line protocol (suite room_proto).
TEST_APP_OBJ += $(BUILD)/src/app/room_proto.o
TEST_APP_OBJ += $(RULESTEXT_OBJ)
# ... and the lesson screens' logic and progress file (suite lesson_play).
TEST_APP_OBJ += $(BUILD)/src/app/learn.o $(BUILD)/src/ui/lesson_play.o \
	$(BUILD)/src/ui/wrap.o
# ... and the UI's modules, driven without a terminal (suites actions,
# autosave, review_unit): tests/fake_ui.c stands in for src/ui/terminal.c.
TEST_UI_OBJ = $(filter-out $(BUILD)/src/ui/terminal.o \
	$(BUILD)/src/ui/lesson_play.o $(BUILD)/src/ui/wrap.o,$(UI_OBJ))
TEST_APP_OBJ += $(TEST_UI_OBJ)
# ... and the computer player's glue (suite levels: the hint's level).
TEST_APP_OBJ += $(BUILD)/src/app/computer.o
# ... and the tuner's data lines, arithmetic and fit (suite tune).
TUNE_OBJ = $(BUILD)/tools/tune_data.o $(BUILD)/tools/tune_fit.o \
	$(BUILD)/tools/tune_descent.o $(BUILD)/tools/tune_params.o \
	$(BUILD)/tools/tune_quiet.o
TEST_APP_OBJ += $(TUNE_OBJ)

.PHONY: all check check-normal check-asan check-extra test man-lint tsan bench \
	test-bins test-parts test-summary check-fuzz-build \
	play deps install uninstall clean arena tune \
	fuzz FORCE lint valgrind monkey deps-graph

# Fuzz harnesses (tests/fuzz/fuzz_<t>.c), here replaying their corpora
# without libFuzzer; tests/fuzz/fuzz.mk builds them for libFuzzer.
FUZZ_TARGETS = fen move pgn uci xboard lesson savegame room
FUZZ_REPLAY = $(FUZZ_TARGETS:%=$(BUILD)/fuzz-replay-%)

all: $(BIN) $(LIB)
	@ln -sf $(BIN) bigchess 2>/dev/null || true

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/src/ui/%.o: src/ui/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(CURSES_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(CHECK_CFLAGS) $(VTERM_CFLAGS) $(ALL_CFLAGS) \
	    -c -o $@ $<

# The compiler and its flags, rewritten only when they change (another
# CFLAGS, SANITIZE or HARDEN), so that a build folder never mixes objects
# made with different flags.
$(FLAGS_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS)' | \
	    cmp -s - $@ || \
	    echo '$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS)' >$@

# The list of lesson files, rewritten only when it changes, so that a
# removed lesson also regenerates $(LESSON_GEN).
$(BUILD)/gen/lessons.list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(LESSON_TXT)' | cmp -s - $@ || echo '$(LESSON_TXT)' >$@

$(LESSON_GEN): $(LESSON_TXT) $(BUILD)/gen/lessons.list tools/embed-lessons
	sh tools/embed-lessons $(LESSON_TXT) >$@.tmp && mv $@.tmp $@

FORCE:

$(BUILD)/gen/rules.list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(RULESTEXT_TXT)' | cmp -s - $@ || echo '$(RULESTEXT_TXT)' >$@

$(RULESTEXT_GEN): $(RULESTEXT_TXT) $(BUILD)/gen/rules.list tools/embed-rules
	sh tools/embed-rules $(RULESTEXT_TXT) >$@.tmp && mv $@.tmp $@

$(RULESTEXT_OBJ): $(RULESTEXT_GEN) $(FLAGS_STAMP)
	$(CC) $(ALL_CPPFLAGS) -Isrc/ui $(ALL_CFLAGS) -Wno-overlength-strings \
	    -c -o $@ $<

# A lesson may be longer than the 4095 characters ISO C promises.
$(LESSON_OBJ): $(LESSON_GEN) $(FLAGS_STAMP)
	$(CC) $(ALL_CPPFLAGS) -Isrc/app $(ALL_CFLAGS) -Wno-overlength-strings \
	    -c -o $@ $<

# Restricted mode as the build's default, and where the administrator's
# settings are: only hosting.o sees them, and it is rebuilt when they
# change (the stamp file is rewritten only then).
HOSTING_DEFS = -DBIGCHESS_RESTRICTED_DEFAULT=$(if $(filter-out 0,$(RESTRICTED)),1,0) \
	-DBIGCHESS_SYSCONFDIR='"$(SYSCONFDIR)"'
$(BUILD)/gen/hosting.flags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(HOSTING_DEFS)' | cmp -s - $@ || echo '$(HOSTING_DEFS)' >$@

$(BUILD)/src/app/hosting.o: src/app/hosting.c $(BUILD)/gen/hosting.flags
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(HOSTING_DEFS) $(ALL_CFLAGS) -c -o $@ $<

$(LIB): $(RULES_OBJ)
	$(AR) rcs $@ $^

$(BIN): $(APP_OBJ) $(LESSON_OBJ) $(RULESTEXT_OBJ) $(UI_OBJ) $(ENGINE_OBJ) \
    $(LIB) $(FLAGS_STAMP)
	$(CC) $(ALL_LDFLAGS) -o $@ $(APP_OBJ) $(LESSON_OBJ) $(RULESTEXT_OBJ) \
	    $(UI_OBJ) $(ENGINE_OBJ) $(LIB) \
	    $(CURSES_LIBS) -lpthread $(LDLIBS)

# The program with every pthread_create refused (tests/nothread.c), for
# suite nothread: the computer cannot think, and the game goes on.
NOTHREAD_BIN = $(BUILD)/bigchess-nothread
$(NOTHREAD_BIN): $(APP_OBJ) $(LESSON_OBJ) $(RULESTEXT_OBJ) $(UI_OBJ) \
    $(ENGINE_OBJ) $(LIB) $(BUILD)/tests/nothread.o
	$(CC) $(ALL_LDFLAGS) -Wl,--wrap=pthread_create -o $@ $(APP_OBJ) \
	    $(LESSON_OBJ) $(RULESTEXT_OBJ) $(UI_OBJ) $(ENGINE_OBJ) $(LIB) \
	    $(BUILD)/tests/nothread.o $(CURSES_LIBS) -lpthread $(LDLIBS)

# tests/check_savefail.c makes these calls of savegame.o fail on demand.
TEST_WRAP = -Wl,--wrap=mkstemp,--wrap=fflush,--wrap=fsync,--wrap=fclose \
	-Wl,--wrap=rename,--wrap=link

$(TEST_BIN): $(TEST_OBJ) $(TEST_APP_OBJ) $(ENGINE_OBJ) $(LIB) $(FLAGS_STAMP)
	$(CC) $(ALL_LDFLAGS) $(TEST_WRAP) -o $@ $(TEST_OBJ) $(TEST_APP_OBJ) \
	    $(ENGINE_OBJ) \
	    $(LIB) \
	    $(CHECK_LIBS) $(VTERM_LIBS) -lutil -lpthread $(LDLIBS)

$(BUILD)/fuzz-replay-%: $(BUILD)/tests/fuzz/fuzz_%.o \
    $(BUILD)/tests/fuzz/replay.o $(BUILD)/src/app/uci.o \
    $(BUILD)/src/app/xboard.o $(BUILD)/src/app/xboard_board.o \
    $(BUILD)/src/app/xboard_search.o \
    $(BUILD)/src/app/protocol.o \
    $(BUILD)/src/app/lessons.o $(BUILD)/src/app/savegame.o \
    $(BUILD)/src/app/fileio.o $(BUILD)/src/app/history.o \
    $(BUILD)/src/app/report.o $(BUILD)/src/app/room_proto.o \
    $(ENGINE_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lpthread $(LDLIBS)
# Their objects are named only by the pattern above, so make took them
# for intermediate files and deleted them after each build; any change
# to the engine then compiled all nine again to link the programs anew.
.SECONDARY: $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/fuzz_%.o) \
    $(BUILD)/tests/fuzz/replay.o

# tests/monkey.c: random keys in a pty (make monkey; a short run in test).
MONKEY = $(BUILD)/monkey
$(MONKEY): $(BUILD)/tests/monkey.o $(BUILD)/tests/pty_harness.o
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(VTERM_LIBS) -lutil $(LDLIBS)

# The public header must stand alone under the strictest settings.
$(BUILD)/header-check.o: include/bigchess/bigchess.h
	@mkdir -p $(dir $@)
	printf '#include "bigchess/bigchess.h"\n' | \
	    $(CC) -std=c11 -pedantic -Werror -Wall -Wextra -Iinclude \
	    -x c -c -o $@ -

# One test run in $(BUILD), in parts that run side by side (TEST_JOBS
# at a time, as the tests spend most of their time waiting on the
# programs they drive): each Check suite in a process of its own, the
# monkey, the fuzz corpora replayed, and the scripts that drive the real
# binary (tests/man.sh checks the man pages' examples; tests/ssh.sh plays
# over a real sshd and kills the client; tests/hardening.sh reads the
# binary's hardening with readelf; tests/xboard.sh has the real XBoard
# play it under Xvfb).  tools/run-part runs each, prints its output whole
# when it ends (--output-sync) with a line of its wall and CPU time, and
# a summary at the end names the slowest parts and every failure.
#
# The suites are read from tests/check_main.c, so its one line adds a
# suite here too; part suite-list checks that the list read is the
# runner's own (check_bigchess --list), so none is left out unseen.
TEST_JOBS ?= 4
SUITES := $(shell sed -n 's/^[[:space:]]*{ "\([a-z0-9_]*\)", [a-z0-9_]*_suite },$$/\1/p' \
	tests/check_main.c)
TEST_SCRIPTS = cli hardening man ssh xboard
# Parts a build leaves out (make check: see CHECK_NORMAL, CHECK_ASAN).
SKIP_PARTS ?=
# The parts that take longest go first, so that none starts last and
# keeps the others waiting (the order only; every part runs).
TEST_FIRST = xboard.sh ssh.sh suite-uci suite-search suite-invariants \
	suite-hosted suite-perft suite-survive suite-rooms man.sh cli.sh \
	suite-records suite-crosscheck suite-engine monkey-1 monkey-2
TEST_PARTS = $(filter-out $(SKIP_PARTS), $(TEST_FIRST) \
	$(filter-out $(TEST_FIRST), \
	$(TEST_SCRIPTS:%=%.sh) $(SUITES:%=suite-%) monkey-1 monkey-2 \
	$(FUZZ_TARGETS:%=fuzz-replay-%) suite-list))
RUN_PART = python3 tools/run-part $(BUILD)
.PHONY: $(TEST_PARTS:%=test-part-%) test-part-deps-graph \
	$(FUZZ_TARGETS:%=check-fuzz-smoke-%)

# The programs are built first, then the parts run.
TEST_BINS = $(BIN) $(TEST_BIN) $(NOTHREAD_BIN) $(MONKEY) $(FUZZ_REPLAY) \
	$(BUILD)/arena $(BUILD)/header-check.o
test-bins: $(TEST_BINS)

test:
	@rm -rf $(BUILD)/test-times
	@$(MAKE) -j$(TEST_JOBS) --no-print-directory test-bins && \
	    $(MAKE) -k -j$(TEST_JOBS) --output-sync=target \
	    --no-print-directory test-parts; status=$$?; \
	    python3 tools/run-part --summary $(BUILD) -- $(TEST_PARTS); \
	    exit $$status

test-parts: $(TEST_PARTS:%=test-part-%) $(BUILD)/header-check.o

# Check's per-test timeouts catch a test that hangs, as does the pipe
# suites' wait for any one line (BC_REPLY_MS, 30 s by default); they are
# not measurements.  With the parts side by side a suite may get a
# fraction of a core (less still under ASan, or when other jobs share
# the machine), so both are made three times as long (Check's
# CK_TIMEOUT_MULTIPLIER): a hang still fails, later.
CK_TIMEOUT_MULTIPLIER ?= 3
BC_REPLY_MS ?= 90000
#
# UNFORKED=1 (make check's ASan build) runs each suite's tests in one
# process (CK_FORK=no): under ASan a forked test's exit runs
# LeakSanitizer's scan of the whole process, and the fork itself is
# dear (the lessons suite alone: 26.7 s forked, 2.4 s unforked).  Leaks
# are still found, at the end of the suite's process; the normal build
# runs every test forked, alone and under Check's timeouts.  An
# unforked suite has no timeout of Check's: `timeout` bounds it (exit
# 124 says so).
ifdef UNFORKED
SUITE_RUN = timeout $(UNFORKED_TIMEOUT) env CK_FORK=no
else
SUITE_RUN = env
endif
UNFORKED_TIMEOUT ?= 900
$(SUITES:%=test-part-suite-%): test-part-suite-%: $(BIN) $(TEST_BIN) \
    $(NOTHREAD_BIN)
	@$(RUN_PART) suite-$* $(SUITE_RUN) BC_SUITES=$* BIGCHESS=$(BIN) \
	    CK_TIMEOUT_MULTIPLIER=$(CK_TIMEOUT_MULTIPLIER) \
	    BC_REPLY_MS=$(BC_REPLY_MS) $(TEST_BIN)

test-part-suite-list: $(TEST_BIN) $(BUILD)/gen/suites.list
	@$(RUN_PART) suite-list sh -c '$(TEST_BIN) --list | \
	    diff - "$$1"' - $(BUILD)/gen/suites.list
$(BUILD)/gen/suites.list: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' $(SUITES) >$@

test-part-monkey-1 test-part-monkey-2: test-part-monkey-%: $(BIN) $(MONKEY)
	@$(RUN_PART) monkey-$* $(MONKEY) -n 500 -s $* $(BIN)

$(FUZZ_TARGETS:%=test-part-fuzz-replay-%): test-part-fuzz-replay-%: \
    $(BUILD)/fuzz-replay-%
	@$(RUN_PART) fuzz-replay-$* $(BUILD)/fuzz-replay-$* \
	    tests/fuzz/corpus/$*

test-part-hardening.sh: $(BIN)
	@$(RUN_PART) hardening.sh env BIGCHESS=$(BIN) SANITIZE=$(SANITIZE) \
	    HARDEN=$(HARDEN) sh tests/hardening.sh

$(patsubst %,test-part-%.sh,$(filter-out hardening,$(TEST_SCRIPTS))): \
    test-part-%.sh: $(BIN) $(BUILD)/arena
	@$(RUN_PART) $*.sh env BIGCHESS=$(BIN) sh tests/$*.sh

test-part-deps-graph: $(BIN) $(TEST_BIN)
	@$(RUN_PART) deps-graph python3 tools/deps-graph -b $(BUILD) -m 2

# make check: both builds' parts (a normal -Werror build in build/check,
# an ASan + UBSan one in build/asan) and man-lint and a short libFuzzer
# run (build/fuzz) share CHECK_JOBS jobs, the building too, so that the
# first build's tests start while the second still compiles.  Each
# part's output is printed whole when it ends, so a failure reads as it
# would alone; a summary of each folder ends the run.
CHECK_JOBS ?= 6
#
# Each part runs in one build only where the other would find nothing
# more, since make check's time is its CPU time over two cores: man.sh
# checks what the manual pages say the program does, which a sanitizer
# does not change (the same paths run under ASan in the suites and
# cli.sh), and cli.sh checks options, exit statuses and messages, the
# same in either build, so it drives the ASan binary (man.sh's 425
# claims and hardening.sh drive the normal one); the real XBoard
# (xboard.sh) and the real sshd (ssh.sh) test what the program says to
# them, the same in either build, so xboard.sh drives the ASan binary
# (its protocol code also checked for memory errors) and ssh.sh the
# build people run; the monkey's two seeds, one in each build (a crash
# in both, a leak or overflow under ASan).  Both builds have only line
# tables for debugging (-g1: a sanitizer's report or a backtrace still
# names file and line), which compile in a tenth less time than -g.
CHECK_NORMAL = $(MAKE) --no-print-directory BUILD=build/check WERROR=1 \
	CFLAGS="-O2 -g1" SKIP_PARTS="monkey-1 xboard.sh cli.sh"
CHECK_ASAN = $(MAKE) --no-print-directory BUILD=build/asan WERROR=1 \
	SANITIZE=1 CFLAGS="-O1 -g1" SKIP_PARTS="man.sh monkey-2 ssh.sh" \
	UNFORKED=1
check:
	@sh tools/deps ensure
	@rm -rf build/check/test-times build/asan/test-times \
	    build/extra/test-times
	@start=$$(date +%s); \
	    $(MAKE) -k -j$(CHECK_JOBS) --output-sync=target \
	    --no-print-directory check-normal check-asan check-extra; \
	    status=$$?; \
	    $(CHECK_NORMAL) test-summary TEST_EXTRA=deps-graph || status=1; \
	    $(CHECK_ASAN) test-summary || status=1; \
	    python3 tools/run-part --summary build/extra -- man-lint \
	    $(FUZZ_TARGETS:%=fuzz-smoke-%) || status=1; \
	    echo "make check: $$(($$(date +%s) - start)) s"; exit $$status

test-summary:
	@python3 tools/run-part --summary $(BUILD) -- $(TEST_PARTS) \
	    $(TEST_EXTRA)

check-normal:
	+@$(CHECK_NORMAL) test-bins && \
	    $(CHECK_NORMAL) test-parts test-part-deps-graph

check-asan:
	+@$(CHECK_ASAN) test-bins && $(CHECK_ASAN) test-parts

# man-lint, and each libFuzzer target for FUZZ_SMOKE_SECONDS once the
# harnesses are built (one build, then the runs side by side).
check-extra: $(FUZZ_TARGETS:%=check-fuzz-smoke-%)
	@python3 tools/run-part build/extra man-lint sh tools/man-lint \
	    man/*.6 man/*.5

check-fuzz-build:
	+@$(MAKE) --no-print-directory -f tests/fuzz/fuzz.mk smoke-build

$(FUZZ_TARGETS:%=check-fuzz-smoke-%): check-fuzz-smoke-%: \
    check-fuzz-build
	+@python3 tools/run-part build/extra fuzz-smoke-$* \
	    $(MAKE) --no-print-directory -f tests/fuzz/fuzz.mk smoke-run \
	    FUZZ_TARGETS=$*

# The engine's suites under ThreadSanitizer, the UCI transcripts driving
# a ThreadSanitizer binary too (a race report ends it with status 66,
# which the transcripts see).
tsan:
	$(MAKE) BUILD=build/tsan WERROR=1 TSAN=1 CFLAGS="-O1 -g" \
	    build/tsan/bigchess build/tsan/check_bigchess
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" BC_REPLY_MS=150000 \
	    CK_TIMEOUT_MULTIPLIER=4 BC_SUITES="engine search uci" \
	    BIGCHESS=build/tsan/bigchess build/tsan/check_bigchess

man-lint:
	@sh tools/man-lint man/*.6 man/*.5

# Static analysis of src/ and tests/: tools/lint runs cppcheck and
# clang-tidy (the checks, and why some are left out: .clang-tidy).
lint: man-lint
	@sh tools/lint

# valgrind memcheck (tools/valgrind says what it runs) in a build without
# sanitizers.
valgrind:
	$(MAKE) BUILD=build/valgrind CFLAGS="-O1 -g" build/valgrind/bigchess \
	    build/valgrind/check_bigchess
	@sh tools/valgrind build/valgrind

# tools/arena: engine matches in-process (a benchmark, see its header).
arena: $(BUILD)/arena
$(BUILD)/arena: $(BUILD)/tools/arena.o $(BUILD)/tools/opening.o $(BUILD)/tools/sprt.o $(ENGINE_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lm -lpthread $(LDLIBS)

# tools/tune: the Texel tuner of eval_params.c (see tools/tune.h).
tune: $(BUILD)/tune
$(BUILD)/tune: $(BUILD)/tools/tune.o $(BUILD)/tools/tune_gen.o \
	$(BUILD)/tools/opening.o \
	$(TUNE_OBJ) $(ENGINE_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lm -lpthread $(LDLIBS)

fuzz:
	$(MAKE) -f tests/fuzz/fuzz.mk run

MONKEY_KEYS ?= 10000
monkey:
	$(MAKE) BUILD=build/asan WERROR=1 SANITIZE=1 CFLAGS="-O1 -g1" \
	    build/asan/bigchess build/asan/monkey
	build/asan/monkey -n $(MONKEY_KEYS) \
	    $(if $(MONKEY_SEED),-s $(MONKEY_SEED)) build/asan/bigchess

deps-graph: $(BIN)
	python3 tools/deps-graph -b $(BUILD) -a

bench: $(BIN)
	@sh tools/bench $(BIN)
	-@sh tools/fsf-bench

play:
	@sh tools/deps ensure
	$(MAKE) all
	./$(BIN)

deps:
	@sh tools/deps install

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/bigchess
	for page in man/*.6; do \
	    [ -f "$$page" ] && install -m 644 "$$page" $(DESTDIR)$(MANDIR)/man6/; \
	done; true
	install -d $(DESTDIR)$(MANDIR)/man5
	for page in man/*.5; do \
	    [ -f "$$page" ] && install -m 644 "$$page" $(DESTDIR)$(MANDIR)/man5/; \
	done; true

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bigchess
	for page in man/*.6; do \
	    rm -f $(DESTDIR)$(MANDIR)/man6/$$(basename "$$page"); \
	done; true
	for page in man/*.5; do \
	    rm -f $(DESTDIR)$(MANDIR)/man5/$$(basename "$$page"); \
	done; true

clean:
	rm -rf build bigchess

-include $(RULES_OBJ:.o=.d) $(ENGINE_OBJ:.o=.d) $(UI_OBJ:.o=.d) \
	$(APP_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(LESSON_OBJ:.o=.d) \
	$(RULESTEXT_OBJ:.o=.d) \
	$(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/fuzz_%.d) $(BUILD)/tests/fuzz/replay.d \
	$(BUILD)/tests/monkey.d $(BUILD)/tests/nothread.d
# The tools' objects too: without it a changed engine header left the
# tuner with a stale struct eval_params (issue #13).
-include $(wildcard $(BUILD)/tools/*.d)
