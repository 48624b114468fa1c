# zsh-complete.zsh — what zsh's own completion offers for a command line, for the tests:
# runs an interactive zsh -f in a pseudo-terminal (zpty) with completions/ on $fpath,
# types the line and Tab, and writes every candidate compadd receives, one a line, to OUT.
# Usage: zsh -f tests/cli/zsh-complete.zsh COMPLETION-DIR 'attn-tui --view ' OUT
zmodload zsh/zpty
: > "$3"
zpty z zsh -f -i
zpty -w z "PS1=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "compadd() { builtin compadd -O __hits \"\$@\"; print -rl -- \${__hits} >>$3; builtin compadd \"\$@\" }"
zpty -w -n z "$2"$'\t'
for i in {1..50}; do [[ -s $3 ]] && break; sleep 0.1; done
sleep 0.3
zpty -d z
