#!/usr/bin/env python3
"""from_torch_test.py — scripts/from-torch.py against PyTorch: a GPT built as nanoGPT builds it
(names, tied lm_head without a bias, learned positions, exact GELU, LN eps 1e-5) gets random
weights; its checkpoint and meta.pkl are converted; attn-tui plays the model over a line
(--export python's data: attn-tui's own numbers); every head's shares of every layer and the
logits must equal PyTorch's to 1e-9. Also: a bare state dict with --heads, and refusals.

Usage: python3 tests/export/from_torch_test.py ./attn-tui scripts/from-torch.py WORKDIR
Prints one line per check; exits 0 when all pass, 1 otherwise, 2 without PyTorch."""
import math
import os
import pickle
import subprocess
import sys

if "/usr/lib/python3/dist-packages" not in sys.path:
    sys.path.append("/usr/lib/python3/dist-packages")
try:
    import torch
    import torch.nn as nn
    from torch.nn import functional as F
except ImportError:
    print("from_torch_test.py: PyTorch is not installed (apt-get install python3-torch)")
    sys.exit(2)

BIN, CONVERT, WORK = sys.argv[1:4]
TOLERANCE = 1e-9
torch.manual_seed(29)
torch.set_num_threads(1)


class CausalSelfAttention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.d, self.heads = d, heads

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.d, dim=2)
        k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(torch.tril(torch.ones(T, T)).view(1, 1, T, T) == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        self.shares = att[0]
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.c_fc = nn.Linear(d, 4 * d)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * d, d)

    def forward(self, x):
        return self.c_proj(self.gelu(self.c_fc(x)))


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, heads)
        self.ln_2 = nn.LayerNorm(d)
        self.mlp = MLP(d)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab, block, layers, heads, d):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab, d), wpe=nn.Embedding(block, d),
            h=nn.ModuleList([Block(d, heads) for _ in range(layers)]), ln_f=nn.LayerNorm(d)))
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.transformer.wte.weight = self.lm_head.weight   # tied, as nanoGPT ties them

    def forward(self, idx):
        pos = torch.arange(idx.size(1))
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        return self.lm_head(self.transformer.ln_f(x))


failures = 0


def check(label, ours, theirs):
    global failures
    diff = float((torch.as_tensor(ours, dtype=torch.float64) - torch.as_tensor(theirs, dtype=torch.float64)).abs().max())
    ok = diff <= TOLERANCE
    failures += not ok
    print(f"  {label:<36} {'ok' if ok else 'MISMATCH'}  max |diff| {diff:.1e}")


def attn_tui_numbers(model_path, line):
    """attn-tui's own numbers for the line: the data half of its --export python script."""
    script = subprocess.run([BIN, "--model", model_path, "--export", "python", "--sentence", line],
                            capture_output=True, text=True)
    if script.returncode != 0:
        print(f"  attn-tui --export python failed: {script.stderr.strip()}")
        sys.exit(1)
    data = script.stdout.split("\n# The program of `attn-tui --export python`")[0]
    scope = {}
    exec(data, scope)
    return scope


# ---------------------------------------------------------------- a nanoGPT checkpoint
chars = list("春眠不觉晓，处闻啼鸟。夜来风雨声花落知多少 \n#")
layers, heads, d, block = 2, 4, 32, 24
model = GPT(len(chars), block, layers, heads, d).double()
with torch.no_grad():
    for p in model.parameters():
        p.normal_(0.0, 0.3)
    for b in model.transformer.h:
        b.ln_1.weight.add_(1.0)
        b.ln_2.weight.add_(1.0)
    model.transformer.ln_f.weight.add_(1.0)
model.eval()
ckpt = os.path.join(WORK, "ckpt.pt")
meta = os.path.join(WORK, "meta.pkl")
torch.save({"model": model.state_dict(), "model_args": dict(n_layer=layers, n_head=heads, n_embd=d,
                                                            block_size=block, vocab_size=len(chars))}, ckpt)
with open(meta, "wb") as f:
    pickle.dump({"vocab_size": len(chars), "itos": dict(enumerate(chars)), "stoi": {c: i for i, c in enumerate(chars)}}, f)
out = os.path.join(WORK, "converted.model")
r = subprocess.run([sys.executable, CONVERT, ckpt, "--vocab", meta, "-o", out], capture_output=True, text=True)
print(r.stdout.strip() or r.stderr.strip())
if r.returncode != 0:
    sys.exit(1)

line = "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。"   # 24 characters: the whole context
ids = torch.tensor([[chars.index(c) for c in line]])
with torch.no_grad():
    logits = model(ids)[0]
A = attn_tui_numbers(out, line)["ATTN_TUI"]
print(f"nanoGPT's GPT ({layers} layers × {heads} heads, d = {d}, block {block}) against attn-tui over {line}")
for l, block_ in enumerate(model.transformer.h):
    for h in range(heads):
        check(f"layer {l + 1} head {h + 1}: shares", block_.attn.shares[h], A["layers"][l]["shares"][h])
check("logits", logits, A["logits"])
check("probs", F.softmax(logits, dim=-1), A["probs"])

# The stand-ins: space, new line and # became ␣ ↵ ＃.
with open(out, encoding="utf-8") as f:
    vocab_line = f.read().split("[vocab]\n")[1].split("\n")[0]
ok = vocab_line.split(" ")[-3:] == ["␣", "↵", "＃"]
failures += not ok
print(f"  {'space, new line and # as ␣ ↵ ＃':<36} {'ok' if ok else 'MISMATCH: ' + vocab_line}")

# ---------------------------------------------------------------- a bare state dict
bare = os.path.join(WORK, "bare.pt")
torch.save(model.state_dict(), bare)
r = subprocess.run([sys.executable, CONVERT, bare, "--vocab", meta, "-o", os.path.join(WORK, "bare.model")],
                   capture_output=True, text=True)
ok = r.returncode == 2 and r.stderr.strip() == "from-torch.py: how many heads? a bare state dict does not say: give --heads N"
failures += not ok
print(f"  {'a bare state dict needs --heads':<36} {'ok' if ok else 'MISMATCH: ' + r.stderr.strip()}")
r = subprocess.run([sys.executable, CONVERT, bare, "--vocab", meta, "--heads", "4", "-o", os.path.join(WORK, "bare.model")],
                   capture_output=True, text=True)
same = r.returncode == 0 and open(os.path.join(WORK, "bare.model")).read().split("\n", 2)[2] == open(out).read().split("\n", 2)[2]
failures += not same
print(f"  {'--heads 4: the same model':<36} {'ok' if same else 'MISMATCH: ' + r.stderr.strip()}")

# ---------------------------------------------------------------- refusals, one line each
big = GPT(len(chars), 65, 1, 2, 8).double()
torch.save({"model": big.state_dict(), "model_args": dict(n_head=2)}, os.path.join(WORK, "big.pt"))
r = subprocess.run([sys.executable, CONVERT, os.path.join(WORK, "big.pt"), "--vocab", meta, "-o", os.path.join(WORK, "big.model")],
                   capture_output=True, text=True)
want = "from-torch.py: block_size 65: attn-tui's layered models read at most 64 characters"
ok = r.returncode == 2 and r.stderr.strip() == want and not os.path.exists(os.path.join(WORK, "big.model"))
failures += not ok
print(f"  {'a context of 65: one line, exit 2':<36} {'ok' if ok else 'MISMATCH: ' + r.stderr.strip()}")
with open(os.path.join(WORK, "short.txt"), "w") as f:
    f.write("春眠\n")
r = subprocess.run([sys.executable, CONVERT, ckpt, "--vocab", os.path.join(WORK, "short.txt"), "-o", os.path.join(WORK, "x.model")],
                   capture_output=True, text=True)
want = f"from-torch.py: {os.path.join(WORK, 'short.txt')} has 2 characters, transformer.wte.weight {len(chars)} rows"
ok = r.returncode == 2 and r.stderr.strip() == want
failures += not ok
print(f"  {'a vocabulary of the wrong size':<36} {'ok' if ok else 'MISMATCH: ' + r.stderr.strip()}")

if failures:
    print(f"from-torch: {failures} check(s) failed")
    sys.exit(1)
print("from-torch: attn-tui's shares and logits equal PyTorch's to 1e-09")
