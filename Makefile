# attn-tui — build, test, install.  `make run` and `make test` are all a newcomer needs.
# Honours CC, CFLAGS, LDFLAGS, PREFIX, DESTDIR.  Build outputs go to build/ (never committed).

CC      ?= cc
PREFIX  ?= /usr/local
DOCDIR  ?= $(PREFIX)/share/doc/attn-tui
DESTDIR ?=
CFLAGS  ?= -O2 -g
LDFLAGS ?=
WERROR  ?= -Werror

BIN     := attn-tui
VERSION := 0.1.0
BUILD   := build

PKG_LIBS   = $(shell pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

WARN      := -std=c11 -Wall -Wextra $(WERROR)
ALL_CFLAGS = $(WARN) -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -D_XOPEN_SOURCE_EXTENDED \
             -DATTN_VERSION='"$(VERSION)"' -DATTN_DOCDIR='"$(DOCDIR)"' -Iinclude -MMD -MP $(CFLAGS)
LIBS       = $(PKG_LIBS) -lunistring -lm

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

.PHONY: all run test unit asan cli e2e export-test golden-update deps install uninstall clean bench lesson-data valgrind FORCE

all: $(BIN)

# ------------------------------------------------------------------ dependencies
deps:
	@sh scripts/install-deps.sh

# ------------------------------------------------------------------ the program
$(BIN): $(MAIN_OBJ) $(LIB_A)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(LIBS)

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

# --help names the installed docs: cli.o is rebuilt whenever DOCDIR changes.
$(BUILD)/docdir: FORCE | $(BUILD)/obj
	@echo '$(DOCDIR)' | cmp -s - $@ || echo '$(DOCDIR)' > $@
$(BUILD)/obj/cli.o $(BUILD)/asan/obj/cli.o: $(BUILD)/docdir
FORCE:

$(BUILD)/obj $(BUILD)/gen $(BUILD)/tests $(BUILD)/asan/obj $(BUILD)/asan/tests:
	@mkdir -p $@

run: deps $(BIN)
	./$(BIN)

# ------------------------------------------------------------------ tests
$(BUILD)/tests/%: tests/unit/%.c $(LIB_A) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Isrc -DTESTS_DIR='"tests"' -o $@ $< $(LIB_A) $(LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

$(BUILD)/asan/obj/%.o: src/%.c | $(BUILD)/asan/obj
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

$(BUILD)/asan/obj/default_model.o: $(GEN_MODEL) | $(BUILD)/asan/obj
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

$(BUILD)/asan/tests/%: tests/unit/%.c $(ASAN_A) | $(BUILD)/asan/tests
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -Isrc -DTESTS_DIR='"tests"' -o $@ $< $(ASAN_A) $(LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

# A decimal-comma locale of our own, so the parser's locale test runs everywhere.
TEST_LOCALE := $(BUILD)/locale/de_DE.UTF-8
$(TEST_LOCALE):
	@mkdir -p $(BUILD)/locale
	localedef -i de_DE -f UTF-8 $@ 2>/dev/null || test -d $@

unit: $(UNIT_BIN) $(TEST_LOCALE)
	@LOCPATH=$(BUILD)/locale sh scripts/run-tests.sh "unit" $(UNIT_BIN)

asan: $(ASAN_BIN) $(TEST_LOCALE)
	@LOCPATH=$(BUILD)/locale ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 sh scripts/run-tests.sh "unit (ASan+UBSan)" $(ASAN_BIN)

cli: $(BIN)
	@sh tests/cli/run.sh ./$(BIN)

e2e: $(BIN)
	@sh tests/e2e/run.sh ./$(BIN)

# The script of --export python, run with python3 and NumPy (PyTorch where installed).
export-test: $(BIN)
	@sh tests/export/run.sh ./$(BIN)

test: deps
	@$(MAKE) --no-print-directory $(BIN) $(UNIT_BIN) $(ASAN_BIN)
	@$(MAKE) --no-print-directory unit asan cli e2e export-test

valgrind: $(UNIT_BIN) $(BIN)
	@sh scripts/valgrind.sh $(UNIT_BIN)

# Rewrites the expected frames under tests/golden/ from the current views.
golden-update: $(BUILD)/tests/test_golden
	ATTN_GOLDEN_UPDATE=1 $(BUILD)/tests/test_golden

# ------------------------------------------------------------------ lesson data
# The fit links only engine, model and text: it must not depend on the model it writes.
$(FIT_BIN): scripts/fit-lesson.c $(BUILD)/obj/engine.o $(BUILD)/obj/model.o $(BUILD)/obj/text.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) -lunistring -lm

# Regenerates assets/lesson.model, deterministically, with the project's own engine.
lesson-data: $(FIT_BIN)
	$(FIT_BIN) > assets/lesson.model.tmp && mv assets/lesson.model.tmp assets/lesson.model

# ------------------------------------------------------------------ bench
bench: deps $(BIN)
	@sh scripts/bench.sh ./$(BIN)

# ------------------------------------------------------------------ install
install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(DOCDIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/$(BIN)
	sed 's|/usr/local/share/doc/attn-tui|$(DOCDIR)|g' docs/attn-tui.1 > $(DESTDIR)$(PREFIX)/share/man/man1/attn-tui.1
	chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/attn-tui.1
	install -m 644 docs/model-format.md $(DESTDIR)$(DOCDIR)/model-format.md

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/$(BIN) $(DESTDIR)$(PREFIX)/share/man/man1/attn-tui.1
	rm -f $(DESTDIR)$(DOCDIR)/model-format.md
	-rmdir $(DESTDIR)$(DOCDIR)

clean:
	rm -rf $(BUILD) $(BIN)

# Keep objects: they are inputs of several binaries, not throwaway intermediates.
.SECONDARY: $(LIB_OBJ) $(ASAN_OBJ) $(GEN_MODEL)

-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/asan/obj/*.d $(BUILD)/tests/*.d)
