# attn-tui — build, test, install.  `make run` and `make test` are all a newcomer needs.
# Honours CC, CPPFLAGS, CFLAGS, LDFLAGS, PREFIX, DESTDIR and pkg-config's flags for ncursesw
# and cmocka.  Build outputs go to build/ (never committed).
# Warnings are errors for developers and CI (.ci/run); packagers build with `make WERROR=`.
# More: `make fuzz` (libFuzzer, FUZZ_SECONDS=N), `make lint`, `make coverage`, `make bench`.

CC      ?= cc
PREFIX  ?= /usr/local
DOCDIR  ?= $(PREFIX)/share/doc/attn-tui
# Where the PDF module (attn-tui-pdf.so) is installed; the program also looks beside itself.
PKGLIBDIR ?= $(PREFIX)/lib/attn-tui
# Where `make install` puts the poem model, and where `--model poems` looks after the binary's
# own directory (compiled into model_name.o).
DATADIR ?= $(PREFIX)/share/attn-tui
# Where each shell looks for completions (Debian's zsh also reads /usr/share/zsh/vendor-completions).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DESTDIR ?=
CFLAGS  ?= -O2 -g
LDFLAGS ?=
WERROR  ?= -Werror

BIN     := attn-tui
VERSION := 0.1.0
BUILD   := build
# make test builds, and runs the unit tests, one job per core
NPROC   := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

PKG_CFLAGS  = $(shell pkg-config --cflags ncursesw 2>/dev/null)
PKG_LIBS    = $(shell pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)
CMOCKA_CFLAGS = $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

WARN      := -std=c11 -Wall -Wextra $(WERROR)
ALL_CFLAGS = $(WARN) -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -D_XOPEN_SOURCE_EXTENDED \
             -DATTN_VERSION='"$(VERSION)"' -DATTN_DOCDIR='"$(DOCDIR)"' -DATTN_DATADIR='"$(DATADIR)"' \
             -DATTN_PKGLIBDIR='"$(PKGLIBDIR)"' -iquote include \
             -iquote $(BUILD)/gen $(PKG_CFLAGS) $(CPPFLAGS) -MMD -MP $(CFLAGS)
LIBS       = $(PKG_LIBS) -lunistring -lnettle -lpthread -lm

# Every module in src/ but main.c forms the library that tests link against.
LIB_SRC  := $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRC)) $(BUILD)/obj/default_model.o
LIB_A    := $(BUILD)/libattn.a
MAIN_OBJ := $(BUILD)/obj/main.o
GEN_MODEL := $(BUILD)/gen/default_model.c

UNIT_SRC  := $(wildcard tests/unit/test_*.c)
UNIT_BIN  := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ASAN_OBJ  := $(patsubst src/%.c,$(BUILD)/asan/obj/%.o,$(LIB_SRC)) $(BUILD)/asan/obj/default_model.o
ASAN_BIN  := $(patsubst tests/unit/%.c,$(BUILD)/asan/tests/%,$(UNIT_SRC))
ASAN_A    := $(BUILD)/asan/libattn.a

FIT_BIN := $(BUILD)/fit-lesson

# The PDF module of --worksheet N --format pdf: built when pkg-config finds pangocairo (make
# test installs it, make run does not), loaded by the program only for --format pdf.
PDF_SO     := attn-tui-pdf.so
PANGO_OK    = $(shell pkg-config --exists pangocairo 2>/dev/null && echo yes)
PDF_CFLAGS  = $(shell pkg-config --cflags pangocairo 2>/dev/null)
PDF_LIBS    = $(shell pkg-config --libs pangocairo 2>/dev/null)
# What make test needs beyond make run's: the module's libraries and fonts, and poppler's
# pdftotext and pdfinfo, which read the PDF back.
TEST_DEPS  := libpango1.0-dev libcairo2-dev fonts-noto-cjk poppler-utils

# Line coverage (gcc --coverage, gcovr) of the unit and command-line tests.
COV_FLAGS := -O0 -g --coverage
COV_OBJ   := $(patsubst src/%.c,$(BUILD)/cov/obj/%.o,$(LIB_SRC)) $(BUILD)/cov/obj/default_model.o
COV_A     := $(BUILD)/cov/libattn.a
COV_BIN   := $(patsubst tests/unit/%.c,$(BUILD)/cov/tests/%,$(UNIT_SRC))

# libFuzzer targets (tests/fuzz/fuzz_*.c), built with clang over a sanitised library.
CLANG        ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS := 2
FUZZ_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_OBJ   := $(patsubst src/%.c,$(BUILD)/fuzz/obj/%.o,$(LIB_SRC)) $(BUILD)/fuzz/obj/default_model.o
FUZZ_A     := $(BUILD)/fuzz/libattn.a
FUZZ_BIN   := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: all run test unit asan cli e2e new-view-test golden-update deps install uninstall clean bench lesson-data valgrind poems-model \
        fuzz fuzz-smoke lint coverage demo-cast export-test docs deb FORCE

all: $(BIN) $(if $(PANGO_OK),$(PDF_SO))

# ------------------------------------------------------------------ dependencies
deps:
	@sh scripts/install-deps.sh

# ------------------------------------------------------------------ the program
$(BIN): $(MAIN_OBJ) $(LIB_A)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(LIBS)

# The PDF module: one file of its own, linked with pangocairo (the program is not).
$(PDF_SO): src/pdf/worksheet_pdf_module.c include/worksheet_pdf.h
	$(CC) $(WARN) -D_DEFAULT_SOURCE -iquote include $(PDF_CFLAGS) $(CPPFLAGS) $(CFLAGS) -fPIC -shared \
	    -o $@ $< $(LDFLAGS) $(PDF_LIBS)

# Tests link against an archive, so each pulls in only the modules it uses.
$(LIB_A): $(LIB_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(ASAN_A): $(ASAN_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/obj/%.o: src/%.c | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/default_model.o: $(GEN_MODEL) | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The default model is compiled in: assets/lesson.model becomes a byte array.
$(GEN_MODEL): assets/lesson.model scripts/embed-model.sh | $(BUILD)/gen
	sh scripts/embed-model.sh $< > $@.tmp && mv $@.tmp $@

# Station 5's √d curve is computed when building (8 ms saved at every start): lesson.c
# includes it. The generator links only the modules the curve needs.
GEN_CURVE := $(BUILD)/gen/lesson_curve.h
$(BUILD)/gen-curve: scripts/gen-curve.c $(BUILD)/obj/sqrtd.o $(BUILD)/obj/engine.o \
                    $(BUILD)/obj/model.o $(BUILD)/obj/slurp.o $(BUILD)/obj/infile.o $(BUILD)/obj/number.o \
                    $(BUILD)/obj/widthform.o $(BUILD)/obj/text.o $(BUILD)/obj/lang.o | $(BUILD)/gen
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) -lunistring -lm
$(GEN_CURVE): $(BUILD)/gen-curve
	$(BUILD)/gen-curve > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/lesson.o $(BUILD)/asan/obj/lesson.o $(BUILD)/fuzz/obj/lesson.o \
$(BUILD)/cov/obj/lesson.o: $(GEN_CURVE)

# The Python program of --export for a layered model is compiled in (export_layered.c).
GEN_LAYERED_PY := $(BUILD)/gen/layered_py.h
$(GEN_LAYERED_PY): scripts/export/layered.py scripts/embed-text.sh | $(BUILD)/gen
	sh scripts/embed-text.sh layered_py $< > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/export_layered.o $(BUILD)/asan/obj/export_layered.o $(BUILD)/fuzz/obj/export_layered.o \
$(BUILD)/cov/obj/export_layered.o: $(GEN_LAYERED_PY)

# --help names the installed docs, the loader the module's directory: cli.o and
# worksheet_pdf.o are rebuilt whenever DOCDIR or PKGLIBDIR changes.
$(BUILD)/docdir: FORCE | $(BUILD)/obj
	@echo '$(DOCDIR) $(PKGLIBDIR)' | cmp -s - $@ || echo '$(DOCDIR) $(PKGLIBDIR)' > $@
$(BUILD)/obj/cli.o $(BUILD)/asan/obj/cli.o $(BUILD)/obj/main.o $(BUILD)/obj/worksheet_pdf.o \
$(BUILD)/asan/obj/worksheet_pdf.o: $(BUILD)/docdir
# --model poems looks in the data directory: model_name.o is rebuilt whenever DATADIR changes.
$(BUILD)/datadir: FORCE | $(BUILD)/obj
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@
$(BUILD)/obj/model_name.o $(BUILD)/asan/obj/model_name.o: $(BUILD)/datadir
FORCE:

$(BUILD)/obj $(BUILD)/gen $(BUILD)/tests $(BUILD)/asan/obj $(BUILD)/asan/tests $(BUILD)/fuzz/obj \
$(BUILD)/cov/obj $(BUILD)/cov/tests:
	@mkdir -p $@

run: deps $(BIN)
	./$(BIN)

# ------------------------------------------------------------------ tests
# Every unit test links the shared harness (tests/unit/harness.c) and the library.
$(BUILD)/tests/harness.o: tests/unit/harness.c | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -iquote src -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/tests/harness.o $(LIB_A) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -iquote src -DTESTS_DIR='"tests"' -o $@ $< $(BUILD)/tests/harness.o $(LIB_A) $(LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

$(BUILD)/asan/obj/%.o: src/%.c | $(BUILD)/asan/obj
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

$(BUILD)/asan/obj/default_model.o: $(GEN_MODEL) | $(BUILD)/asan/obj
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

$(BUILD)/asan/tests/harness.o: tests/unit/harness.c | $(BUILD)/asan/tests
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(ASAN_FLAGS) -iquote src -c -o $@ $<

$(BUILD)/asan/tests/%: tests/unit/%.c $(BUILD)/asan/tests/harness.o $(ASAN_A) | $(BUILD)/asan/tests
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(ASAN_FLAGS) -iquote src -DTESTS_DIR='"tests"' -o $@ $< $(BUILD)/asan/tests/harness.o $(ASAN_A) $(LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

# Locales of our own, so the locale tests run everywhere: a decimal-comma one (numbers that
# programs read keep '.') and Turkish (case folding stays ASCII: 'I' is not 'ı').
TEST_LOCALE := $(BUILD)/locale/de_DE.UTF-8 $(BUILD)/locale/tr_TR.UTF-8
$(BUILD)/locale/%.UTF-8:
	@mkdir -p $(BUILD)/locale
	localedef -i $* -f UTF-8 $@ 2>/dev/null || test -d $@

unit: $(UNIT_BIN) $(TEST_LOCALE)
	@LOCPATH=$(BUILD)/locale sh scripts/run-tests.sh "unit" $(UNIT_BIN)

asan: $(ASAN_BIN) $(TEST_LOCALE)
	@LOCPATH=$(BUILD)/locale ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
	    UBSAN_OPTIONS=print_stacktrace=1 sh scripts/run-tests.sh "unit (ASan+UBSan)" $(ASAN_BIN)

cli: $(BIN) $(TEST_LOCALE) $(if $(PANGO_OK),$(PDF_SO))
	@LOCPATH=$(BUILD)/locale sh tests/cli/run.sh ./$(BIN)
	@sh tests/cli/poems.sh ./$(BIN)

e2e: $(BIN)
	@sh tests/e2e/run.sh ./$(BIN)

# The script of --export python, run with python3 and NumPy (PyTorch where installed).
export-test: $(BIN)
	@sh tests/export/run.sh ./$(BIN)

# A new screen passes: scripts/new-view in a copy of the tree, then make unit cli there.
new-view-test:
	@sh scripts/new-view-test.sh

# The suites that only compute (unit, asan, export, fuzz smoke, the new-view copy) run side by
# side, each one's output whole when it ends; the ones that drive a terminal or time a reader
# (cli, e2e) run alone after them.
test: deps
	@sh scripts/install-deps.sh $(TEST_DEPS)
	@$(MAKE) --no-print-directory -j$(NPROC) all $(UNIT_BIN) $(ASAN_BIN)
	@$(MAKE) --no-print-directory -j$(NPROC) --output-sync=target unit asan export-test fuzz-smoke new-view-test
	@$(MAKE) --no-print-directory -j1 cli e2e lint

valgrind: $(UNIT_BIN) $(BIN) $(TEST_LOCALE)
	@LOCPATH=$(BUILD)/locale sh scripts/valgrind.sh $(UNIT_BIN)

# Rewrites the expected frames under tests/golden/ and tests/svg/ from the current views.
golden-update: $(BUILD)/tests/test_golden $(BUILD)/tests/test_tour $(BUILD)/tests/test_view_train \
               $(BUILD)/tests/test_svg_golden $(BIN)
	ATTN_GOLDEN_UPDATE=1 $(BUILD)/tests/test_golden
	ATTN_GOLDEN_UPDATE=1 $(BUILD)/tests/test_svg_golden
	ATTN_GOLDEN_UPDATE=1 $(BUILD)/tests/test_tour
	ATTN_GOLDEN_UPDATE=1 $(BUILD)/tests/test_view_train
	@for t in dark light contrast; do \
	    NO_COLOR= ./$(BIN) --no-config --print --color always --theme $$t --size 80x24 >tests/golden/ansi-80x24-$$t.txt; \
	    NO_COLOR= ./$(BIN) --no-config --print --color always --theme $$t --size 120x40 >tests/golden/ansi-120x40-$$t.txt; \
	    NO_COLOR= ./$(BIN) --no-config --print --color always --theme $$t --size 120x40 --view machine \
	        >tests/golden/ansi-120x40-machine-$$t.txt; \
	done; echo "rewrote the ANSI frames tests/golden/ansi-*.txt (tests/cli/run.sh compares them)"
	@while read name args; do \
	    ./$(BIN) --no-config --print --model poems $$args >tests/golden/$$name.txt || exit 1; \
	done <tests/golden/poems-cases.txt; echo "rewrote the poem model's frames tests/golden/poems-*.txt (tests/cli/poems.sh compares them)"

# ------------------------------------------------------------------ fuzzing
# `make fuzz` runs each target FUZZ_SECONDS (default 60); `make test` a short smoke of
# each when clang can link libFuzzer, and says so when it cannot. Targets: model, cli,
# sentence (with fuzzed models), scene (with the spelling decoder) and ui (the app's steps,
# run with -len_control=0); scripts/fuzz.sh holds their corpora and flags.
$(FUZZ_A): $(FUZZ_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/fuzz/obj/%.o: src/%.c | $(BUILD)/fuzz/obj
	$(CLANG) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(BUILD)/fuzz/obj/default_model.o: $(GEN_MODEL) | $(BUILD)/fuzz/obj
	$(CLANG) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

# fuzz_ui plays the tests' tiny layered model too, compiled in (it runs from anywhere).
GEN_TINY_LAYERED := $(BUILD)/gen/layered_tiny.h
$(GEN_TINY_LAYERED): tests/models/layered-tiny.model scripts/embed-text.sh | $(BUILD)/gen
	sh scripts/embed-text.sh layered_tiny_model $< > $@.tmp && mv $@.tmp $@
$(BUILD)/fuzz/fuzz_ui: $(GEN_TINY_LAYERED)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_A)
	$(CLANG) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_A) $(LDFLAGS) $(LIBS)

fuzz:
	@sh scripts/fuzz.sh --available $(CLANG) || sh scripts/install-deps.sh clang libclang-rt-14-dev
	@$(MAKE) --no-print-directory $(FUZZ_BIN)
	@sh scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_BIN)

fuzz-smoke:
	@if sh scripts/fuzz.sh --available $(CLANG); then \
	    $(MAKE) --no-print-directory -s -j$(NPROC) $(FUZZ_BIN) && \
	    sh scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_BIN); \
	else \
	    echo "fuzz: skipped: $(CLANG) cannot link a libFuzzer target (make fuzz installs clang)"; \
	fi

# ------------------------------------------------------------------ lint
# Stricter warnings than the build's and cppcheck, run last by `make test`; then the
# objects' call graph (scripts/layers.sh): no cycle, no view or panel calling ui.o or
# input.o. Exits 0 when clean, 1 with the findings listed, so CI can run it.
lint: $(GEN_MODEL) $(GEN_CURVE) $(GEN_LAYERED_PY) $(LIB_OBJ) $(MAIN_OBJ)
	@command -v $(CLANG) >/dev/null 2>&1 && command -v cppcheck >/dev/null 2>&1 || \
	    sh scripts/install-deps.sh clang cppcheck
	@CLANG="$(CLANG)" LINT_CFLAGS="$(filter-out -Werror -MMD -MP -DATTN_VERSION=% -DATTN_DOCDIR=% -DATTN_DATADIR=% -DATTN_PKGLIBDIR=%,$(ALL_CFLAGS))" sh scripts/lint.sh; \
	    lint=$$?; sh scripts/layers.sh $(BUILD)/obj; layers=$$?; [ $$lint -eq 0 ] && [ $$layers -eq 0 ]

# ------------------------------------------------------------------ coverage
# Line coverage per file of src/ after the unit tests and the command-line tests.
$(COV_A): $(COV_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/cov/obj/%.o: src/%.c | $(BUILD)/cov/obj
	$(CC) $(ALL_CFLAGS) $(COV_FLAGS) -c -o $@ $<

$(BUILD)/cov/obj/default_model.o: $(GEN_MODEL) | $(BUILD)/cov/obj
	$(CC) $(ALL_CFLAGS) $(COV_FLAGS) -c -o $@ $<

$(BUILD)/cov/tests/harness.o: tests/unit/harness.c | $(BUILD)/cov/tests
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(COV_FLAGS) -iquote src -c -o $@ $<

$(BUILD)/cov/tests/%: tests/unit/%.c $(BUILD)/cov/tests/harness.o $(COV_A) | $(BUILD)/cov/tests
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(COV_FLAGS) -iquote src -DTESTS_DIR='"tests"' -o $@ $< $(BUILD)/cov/tests/harness.o $(COV_A) $(LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

$(BUILD)/cov/$(BIN): $(BUILD)/cov/obj/main.o $(COV_A)
	$(CC) $(ALL_CFLAGS) $(COV_FLAGS) -o $@ $^ $(LDFLAGS) $(LIBS)

coverage: $(TEST_LOCALE)
	@command -v gcovr >/dev/null 2>&1 || sh scripts/install-deps.sh gcovr
	@$(MAKE) --no-print-directory -s $(COV_BIN) $(BUILD)/cov/$(BIN)
	@find $(BUILD)/cov -name '*.gcda' -delete
	@LOCPATH=$(BUILD)/locale sh scripts/run-tests.sh "unit (coverage)" $(COV_BIN) > $(BUILD)/cov/unit.log 2>&1 || \
	    { cat $(BUILD)/cov/unit.log; exit 1; }
	@LOCPATH=$(BUILD)/locale sh tests/cli/run.sh $(BUILD)/cov/$(BIN) > $(BUILD)/cov/cli.log 2>&1 || { cat $(BUILD)/cov/cli.log; exit 1; }
	@gcovr --root . --filter 'src/' --sort-percentage $(BUILD)/cov

# ------------------------------------------------------------------ lesson data
# The fit links only engine, model (with the slurp, infile and number it reads by), text and
# lang: it must not depend on the model it writes.
$(FIT_BIN): scripts/fit-lesson.c $(BUILD)/obj/engine.o $(BUILD)/obj/model.o $(BUILD)/obj/slurp.o \
            $(BUILD)/obj/infile.o $(BUILD)/obj/number.o $(BUILD)/obj/widthform.o $(BUILD)/obj/text.o \
            $(BUILD)/obj/lang.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) -lunistring -lm

# Regenerates assets/lesson.model, deterministically, with the project's own engine.
lesson-data: $(FIT_BIN)
	$(FIT_BIN) > assets/lesson.model.tmp && mv assets/lesson.model.tmp assets/lesson.model

# Writes the keys sections of README.md and docs/attn-tui.1 from the key table.
docs: $(BIN)
	@sh scripts/update-docs.sh ./$(BIN)

# Records docs/demo.cast (one full autoplay, committed; replay it with asciinema play).
demo-cast: $(BIN)
	@sh scripts/record-demo.sh ./$(BIN)

# ------------------------------------------------------------------ the poem model
# Retrains assets/poems.model from scratch with the command its first lines give (about 9
# minutes on 2 free cores): installs fortunes-zh (唐诗三百首) as `make run` installs what it
# needs. Two threads, the same bits as one; the same machine gives the same file, byte for byte.
POEMS_STEPS := 4000
poems-model: $(BIN)
	@sh scripts/install-deps.sh fortunes-zh
	./$(BIN) --train --task poems --steps $(POEMS_STEPS) --seed 1 --save assets/poems.model --overwrite

# ------------------------------------------------------------------ bench
bench: deps $(BIN)
	@sh scripts/bench.sh ./$(BIN)

# ------------------------------------------------------------------ install
install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(DOCDIR) \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/$(BIN)
	if [ -f $(PDF_SO) ]; then install -d $(DESTDIR)$(PKGLIBDIR) && \
	    install -m 644 $(PDF_SO) $(DESTDIR)$(PKGLIBDIR)/$(PDF_SO); fi
	sed 's|/usr/local/share/doc/attn-tui|$(DOCDIR)|g' docs/attn-tui.1 > $(DESTDIR)$(PREFIX)/share/man/man1/attn-tui.1
	chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/attn-tui.1
	install -m 644 docs/model-format.md $(DESTDIR)$(DOCDIR)/model-format.md
	install -m 644 docs/teaching.md $(DESTDIR)$(DOCDIR)/teaching.md
	install -m 644 LICENSE $(DESTDIR)$(DOCDIR)/copyright
	install -m 644 completions/attn-tui.bash $(DESTDIR)$(BASHCOMPDIR)/attn-tui
	install -m 644 completions/_attn-tui $(DESTDIR)$(ZSHCOMPDIR)/_attn-tui
	install -m 644 completions/attn-tui.fish $(DESTDIR)$(FISHCOMPDIR)/attn-tui.fish
	install -d $(DESTDIR)$(DATADIR)
	install -m 644 assets/poems.model $(DESTDIR)$(DATADIR)/poems.model

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/$(BIN) $(DESTDIR)$(PREFIX)/share/man/man1/attn-tui.1
	rm -f $(DESTDIR)$(PKGLIBDIR)/$(PDF_SO)
	-rmdir $(DESTDIR)$(PKGLIBDIR)
	rm -f $(DESTDIR)$(DOCDIR)/model-format.md $(DESTDIR)$(DOCDIR)/teaching.md $(DESTDIR)$(DOCDIR)/copyright
	rm -f $(DESTDIR)$(BASHCOMPDIR)/attn-tui $(DESTDIR)$(ZSHCOMPDIR)/_attn-tui $(DESTDIR)$(FISHCOMPDIR)/attn-tui.fish
	rm -f $(DESTDIR)$(DATADIR)/poems.model
	-rmdir $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DATADIR)

# ------------------------------------------------------------------ Debian package
# Builds build/deb/attn-tui_VERSION_ARCH.deb with debhelper from debian/ (kept in the repo,
# so the package is reviewed with the code and builds from any clone), in a copy of the
# tracked files under build/deb (debian/rules clean must not wipe this tree's build/),
# then runs lintian on it: any error or warning fails. Installs its build tools when missing.
deb:
	@sh scripts/install-deps.sh debhelper dpkg-dev lintian
	@sh scripts/build-deb.sh $(VERSION)

clean:
	rm -rf $(BUILD) $(BIN) $(PDF_SO)

# Keep objects: they are inputs of several binaries, not throwaway intermediates.
.SECONDARY: $(LIB_OBJ) $(ASAN_OBJ) $(FUZZ_OBJ) $(COV_OBJ) $(GEN_MODEL) $(GEN_CURVE) $(GEN_LAYERED_PY) \
            $(GEN_TINY_LAYERED)

-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/asan/obj/*.d $(BUILD)/tests/*.d $(BUILD)/asan/tests/*.d \
                    $(BUILD)/fuzz/obj/*.d $(BUILD)/fuzz/*.d $(BUILD)/cov/obj/*.d $(BUILD)/cov/tests/*.d)
