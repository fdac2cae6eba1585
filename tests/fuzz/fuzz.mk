# fuzz.mk - libFuzzer targets (clang), run from the top directory:
#
#   make -f tests/fuzz/fuzz.mk run [FUZZ_SECONDS=60] [FUZZ_TARGETS="fen"]
#   make -f tests/fuzz/fuzz.mk smoke    a short run, or a notice when
#                                       clang's libFuzzer is missing
#                                       (smoke-build, then smoke-run)
#
# The Makefile's `make fuzz` and `make check` come here.  Each target
# tests/fuzz/fuzz_<t>.c starts from tests/fuzz/corpus/<t>/; what libFuzzer
# learns goes to build/fuzz/corpus/<t>/ and crashing inputs to
# build/fuzz/crash-<t>-*.  Logs: build/fuzz/<t>.log.

FUZZ_CC ?= clang
FUZZ_BUILD ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_TARGETS ?= fen move pgn uci xboard lesson savegame room

FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
# -g1: line tables only, as in make check's builds (a report still names
# file and line), which compile in less time than -g.
FUZZ_CFLAGS = -std=c11 -O1 -g1 -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -MMD -MP \
	-Wall -Wextra $(FUZZ_SAN)

FUZZ_SRC = $(wildcard src/rules/*.c) $(wildcard src/engine/*.c) src/app/uci.c \
	src/app/xboard.c src/app/xboard_board.c src/app/xboard_search.c \
	src/app/protocol.c \
	src/app/lessons.c src/app/savegame.c src/app/history.c src/app/fileio.c \
	src/app/report.c src/app/room_proto.c
FUZZ_OBJ = $(FUZZ_SRC:%.c=$(FUZZ_BUILD)/%.o)
FUZZ_BINS = $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

.PHONY: run smoke smoke-build smoke-run build
.SECONDARY:

build: $(FUZZ_BINS)

$(FUZZ_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) \
	    -lpthread

# Each target for FUZZ_SECONDS, one process; stops at the first finding.
# The targets in FUZZ_NO_SEEDS start from what was learnt only, without
# the seed corpus (see smoke-run).
run: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
	    mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	    seeds=tests/fuzz/corpus/$$t; \
	    case " $(FUZZ_NO_SEEDS) " in *" $$t "*) seeds= ;; esac; \
	    echo "fuzz $$t: $(FUZZ_SECONDS) s (log $(FUZZ_BUILD)/$$t.log)"; \
	    if ! $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) \
	        -timeout=20 -print_final_stats=1 \
	        -artifact_prefix=$(FUZZ_BUILD)/crash-$$t- \
	        $(FUZZ_BUILD)/corpus/$$t $$seeds \
	        >$(FUZZ_BUILD)/$$t.log 2>&1; then \
	        tail -n 40 $(FUZZ_BUILD)/$$t.log; \
	        echo "fuzz $$t: FAILED; the input is $(FUZZ_BUILD)/crash-$$t-*"; \
	        exit 1; \
	    fi; \
	    grep -E '^stat::number_of_executed_units|^Done' \
	        $(FUZZ_BUILD)/$$t.log | tr '\n' ' '; echo; \
	done

# smoke-build and smoke-run split smoke for make check, which builds once
# and then runs the targets side by side (smoke-run FUZZ_TARGETS=fen).
FUZZ_HAVE = printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return (int)(d[0] & n); }\n' | \
	    $(FUZZ_CC) -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1
FUZZ_MISSING = echo "fuzz: $(FUZZ_CC) with libFuzzer not found; skipped (make deps)"

smoke:
	@if $(FUZZ_HAVE); then \
	    $(MAKE) -f tests/fuzz/fuzz.mk run FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) \
	        FUZZ_NO_SEEDS="$(FUZZ_SMOKE_NO_SEEDS)"; \
	else \
	    $(FUZZ_MISSING); \
	fi

smoke-build:
	@if $(FUZZ_HAVE); then \
	    $(MAKE) -f tests/fuzz/fuzz.mk build; \
	else \
	    $(FUZZ_MISSING); \
	fi

# A short run starts uci without its seed corpus: replaying it takes
# libFuzzer over a minute (each input starts an engine and searches), so
# the smoke's seconds ran out before any fuzzing, and fuzz-replay-uci
# (make check, under ASan) replays those inputs anyway.
FUZZ_SMOKE_NO_SEEDS ?= uci

smoke-run:
	@if $(FUZZ_HAVE); then \
	    $(MAKE) -f tests/fuzz/fuzz.mk run FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) \
	        FUZZ_NO_SEEDS="$(FUZZ_SMOKE_NO_SEEDS)"; \
	fi

-include $(FUZZ_OBJ:.o=.d)
