# bench-poems.py — the PyTorch half of scripts/bench-poems.sh: the shipped poem shape (nanoGPT's
# GPT: d 32, 2 layers × 4 heads, MLP 128, the fingerprint, untied lm_head with a bias) in float64
# on 1 thread, trained with autograd and torch.optim.AdamW over the same batches attn-tui took
# (BATCHFILE, written by bench-poems), padded to [32, 64] with the padding out of the loss as
# PyTorch code does it. Prints the CPU seconds a step and which BLAS PyTorch was built with.
# Usage: python3 scripts/bench-poems.py BATCHFILE
import math
import re
import sys
import time

if "/usr/lib/python3/dist-packages" not in sys.path:
    sys.path.append("/usr/lib/python3/dist-packages")
import torch
import torch.nn as nn
from torch.nn import functional as F

torch.set_num_threads(1)
D, HEADS, LAYERS, CONTEXT, MLP = 32, 4, 2, 64, 128
batches, batch = [], []
vocab = 0
for line in open(sys.argv[1]):
    if line.startswith("vocab"):
        vocab = int(line.split()[1])
    elif line.strip() == "--":
        batches.append(batch)
        batch = []
    else:
        ids, targets = line.split("|")
        batch.append(([int(x) for x in ids.split()], [int(x) for x in targets.split()]))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.c_attn, self.c_proj = nn.Linear(D, 3 * D), nn.Linear(D, D)
        self.c_fc, self.mlp_proj, self.gelu = nn.Linear(D, MLP), nn.Linear(MLP, D), nn.GELU()
        self.register_buffer("mask", torch.tril(torch.ones(CONTEXT, CONTEXT, dtype=torch.bool)))

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(D, dim=2)
        q, k, v = (z.view(B, T, HEADS, D // HEADS).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(D // HEADS)
        att = F.softmax(att.masked_fill(~self.mask[:T, :T], float("-inf")), dim=-1)
        x = x + self.c_proj((att @ v).transpose(1, 2).reshape(B, T, D))
        return x + self.mlp_proj(self.gelu(self.c_fc(self.ln_2(x))))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(vocab, D)
        self.h = nn.ModuleList([Block() for _ in range(LAYERS)])
        self.ln_f, self.lm_head = nn.LayerNorm(D), nn.Linear(D, vocab)
        pe = torch.zeros(CONTEXT, D, dtype=torch.float64)
        for p in range(CONTEXT):
            for i in range(D):
                a = p / 10000.0 ** ((2.0 * (i // 2)) / D)
                pe[p, i] = math.sin(a) if i % 2 == 0 else math.cos(a)
        self.register_buffer("pe", pe)

    def forward(self, idx):
        x = self.wte(idx) + self.pe[:idx.shape[1]]
        for b in self.h:
            x = b(x)
        return self.lm_head(self.ln_f(x))


torch.manual_seed(1)
model = GPT().double()
opt = torch.optim.AdamW(model.parameters(), lr=3e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0)


def tensors(batch):
    idx = torch.zeros(len(batch), CONTEXT, dtype=torch.long)
    tgt = torch.full((len(batch), CONTEXT), -100, dtype=torch.long)
    for i, (ids, targets) in enumerate(batch):
        idx[i, :len(ids)] = torch.tensor(ids)
        tgt[i, :len(targets)] = torch.tensor(targets)
    return idx, tgt


def step(batch):
    idx, tgt = tensors(batch)
    loss = F.cross_entropy(model(idx).view(-1, vocab), tgt.view(-1), ignore_index=-100)
    opt.zero_grad()
    loss.backward()
    opt.step()


for b in batches[:3]:
    step(b)
c0 = time.process_time()
for b in batches:
    step(b)
cpu = (time.process_time() - c0) / len(batches)
blas = re.search(r"BLAS_INFO=([^,]*)", torch.__config__.show())
print(f"{cpu:.4f} {torch.__version__} {blas.group(1) if blas else '?'}")
