#!/usr/bin/env python3
"""from-torch.py — converts a PyTorch GPT of nanoGPT's architecture into attn-tui's model format.

Usage:
  python3 scripts/from-torch.py CHECKPOINT --vocab VOCAB [--heads N] [--sentence TEXT] -o OUT.model

CHECKPOINT  a file torch.save wrote: nanoGPT's ckpt.pt ({"model": state dict, "model_args": …},
            which gives the heads), or a bare state dict (then --heads N says how many).
VOCAB       nanoGPT's meta.pkl (its "itos"), or a UTF-8 text file holding the characters in
            order on one line (the vocabulary of a character-level model, one per token).

The names it reads are nanoGPT's: transformer.wte, transformer.wpe, transformer.h.N.ln_1,
attn.c_attn, attn.c_proj, ln_2, mlp.c_fc, mlp.c_proj, transformer.ln_f and lm_head (a
"_orig_mod." prefix of torch.compile is dropped). A linear layer or LayerNorm without a bias
(nanoGPT's bias=False) gets a bias of 0; lm_head, tied to wte in nanoGPT, is written as its own
section with a bias of 0. wpe becomes the [position] table. A character that cannot be a
vocabulary entry of the format is written as a look-alike: space as ␣, a new line as ↵, a tab
as ⇥, # as ＃, [ as ［.

Any other shape is refused in one line (exit 2): more than 8 layers or 8 heads, a context
(wpe's rows) over 64, d over 512 or not divisible by the heads, a vocabulary over 4096, a
vocabulary file that does not match wte, a missing tensor.
"""
import argparse
import math
import os
import pickle
import sys

MAX_LAYERS, MAX_HEADS, MAX_CONTEXT, MAX_D, MAX_VOCAB = 8, 8, 64, 512, 4096
STAND_INS = {" ": "␣", "\n": "↵", "\t": "⇥", "#": "＃", "[": "［"}


def refuse(message):
    print(f"from-torch.py: {message}", file=sys.stderr)
    sys.exit(2)


def load_torch():
    try:
        import torch
        return torch
    except ImportError:
        pass
    system = "/usr/lib/python3/dist-packages"
    if os.path.isdir(system) and system not in sys.path:
        sys.path.append(system)
        try:
            import torch
            return torch
        except ImportError:
            pass
    refuse("PyTorch is not installed for this Python (Debian: apt-get install python3-torch)")


def read_vocab(path):
    if path.endswith(".pkl"):
        with open(path, "rb") as f:
            meta = pickle.load(f)
        if not isinstance(meta, dict) or "itos" not in meta:
            refuse(f"{path}: no 'itos' in it (nanoGPT's meta.pkl has one)")
        itos = meta["itos"]
        return [itos[i] for i in range(len(itos))]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.endswith("\n"):
        text = text[:-1]
    return list(text)


def entry(ch):
    """The vocabulary entry for token ch: itself, or its stand-in; None when it cannot be one."""
    ch = STAND_INS.get(ch, ch)
    if len(ch) != 1:
        return None
    import unicodedata
    cat = unicodedata.category(ch)
    if cat[0] in "CZ" or cat in ("Mn", "Me"):
        return None
    return ch


def number(x):
    """The shortest text that reads back as exactly x."""
    r = repr(float(x))
    if not math.isfinite(float(x)):
        refuse(f"a weight is {r}: not a finite number")
    return r


def main():
    ap = argparse.ArgumentParser(description="Convert a nanoGPT-named PyTorch GPT into attn-tui's model format.")
    ap.add_argument("checkpoint")
    ap.add_argument("--vocab", required=True, help="meta.pkl, or a text file of the characters in order")
    ap.add_argument("--heads", type=int, help="heads per layer (a bare state dict does not say)")
    ap.add_argument("--sentence", help="the model's [sentence] (default: its first characters)")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    torch = load_torch()
    try:
        ckpt = torch.load(args.checkpoint, map_location="cpu")
    except Exception as e:
        refuse(f"{args.checkpoint}: cannot be read by torch.load: {e}".splitlines()[0])
    heads = args.heads
    state = ckpt
    if isinstance(ckpt, dict) and "model" in ckpt and isinstance(ckpt["model"], dict):
        state = ckpt["model"]
        heads = heads or (ckpt.get("model_args") or {}).get("n_head")
    if not isinstance(state, dict):
        refuse(f"{args.checkpoint}: not a state dict")
    state = {k[len("_orig_mod."):] if k.startswith("_orig_mod.") else k: v for k, v in state.items()}

    def get(name, shape=None, optional=False):
        if name not in state:
            if optional:
                return None
            refuse(f"{name} is missing: not a GPT with nanoGPT's names")
        t = state[name].detach().to(torch.float64).cpu()
        if shape is not None and tuple(t.shape) != tuple(shape):
            refuse(f"{name} has shape {tuple(t.shape)}, not {tuple(shape)}")
        return t

    wte = get("transformer.wte.weight")
    if wte.dim() != 2:
        refuse("transformer.wte.weight is not a matrix")
    V, d = wte.shape
    wpe = get("transformer.wpe.weight")
    context = wpe.shape[0]
    layers = 0
    while f"transformer.h.{layers}.ln_1.weight" in state:
        layers += 1
    if heads is None:
        refuse("how many heads? a bare state dict does not say: give --heads N")
    if layers < 1 or layers > MAX_LAYERS:
        refuse(f"{layers} layers: attn-tui's layered models have 1 to {MAX_LAYERS}")
    if heads < 1 or heads > MAX_HEADS:
        refuse(f"{heads} heads: attn-tui's layered models have 1 to {MAX_HEADS} a layer")
    if d > MAX_D or d % heads != 0:
        refuse(f"d = {d} with {heads} heads: d must be at most {MAX_D} and divisible by the heads")
    if context > MAX_CONTEXT:
        refuse(f"block_size {context}: attn-tui's layered models read at most {MAX_CONTEXT} characters")
    if V > MAX_VOCAB:
        refuse(f"a vocabulary of {V}: attn-tui's models hold at most {MAX_VOCAB} characters")
    tokens = read_vocab(args.vocab)
    if len(tokens) != V:
        refuse(f"{args.vocab} has {len(tokens)} characters, transformer.wte.weight {V} rows")
    vocab = []
    for i, ch in enumerate(tokens):
        e = entry(ch)
        if e is None:
            refuse(f"token {i} ({ch!r}) cannot be a vocabulary entry and has no stand-in")
        if e in vocab:
            refuse(f"token {i} ({ch!r}) is written as {e!r}, which another token already is")
        vocab.append(e)
    mlp = get("transformer.h.0.mlp.c_fc.weight").shape[0]
    lm_head = get("lm_head.weight", (V, d))
    lm_bias = get("lm_head.bias", (V,), optional=True)
    sentence = args.sentence or "".join(vocab[:min(V, context, 12)])
    for ch in sentence:
        if ch not in vocab:
            refuse(f"--sentence: {ch!r} is not in the vocabulary")
    if len(sentence) > context:
        refuse(f"--sentence: longer than the context of {context} characters")

    out = []
    row = lambda v: " ".join(number(x) for x in v.tolist())
    zeros = lambda n: torch.zeros(n, dtype=torch.float64)
    out.append(f"# Converted by scripts/from-torch.py from {os.path.basename(args.checkpoint)} "
               f"(vocabulary {os.path.basename(args.vocab)}).")
    out.append(f"# {layers} layers × {heads} heads of width {d // heads}, d = {d}, MLP {mlp}, context {context}, "
               f"vocabulary {V}; lm_head written untied{'' if lm_bias is not None else ' with a bias of 0'}.")
    out.append("\n[vocab]")
    for i in range(0, V, 50):
        out.append(" ".join(vocab[i:i + 50]))
    out.append(f"\n[d]\n{d}\n\n[layers]\n{layers}\n\n[heads]\n{heads}\n\n[context]\n{context}\n")
    out.append(f"[sentence]\n{sentence}\n")
    out.append("[embedding]")
    for ch, v in zip(vocab, wte):
        out.append(ch + " " + row(v))
    out.append("\n[position]")
    for v in wpe:
        out.append(row(v))
    for i in range(layers):
        p = f"transformer.h.{i}."
        ln = lambda name: (get(p + name + ".weight", (d,)), get(p + name + ".bias", (d,), optional=True))
        g1, b1 = ln("ln_1")
        g2, b2 = ln("ln_2")
        c_attn = get(p + "attn.c_attn.weight", (3 * d, d)).T         # x @ W: d rows of 3d
        c_attn_b = get(p + "attn.c_attn.bias", (3 * d,), optional=True)
        c_attn_b = zeros(3 * d) if c_attn_b is None else c_attn_b
        c_proj = get(p + "attn.c_proj.weight", (d, d)).T
        c_proj_b = get(p + "attn.c_proj.bias", (d,), optional=True)
        c_fc = get(p + "mlp.c_fc.weight", (mlp, d)).T
        c_fc_b = get(p + "mlp.c_fc.bias", (mlp,), optional=True)
        m_proj = get(p + "mlp.c_proj.weight", (d, mlp)).T
        m_proj_b = get(p + "mlp.c_proj.bias", (d,), optional=True)
        sec = lambda name: out.append(f"\n[layer {i + 1} {name}]")
        sec("ln1")
        out += [row(g1), row(zeros(d) if b1 is None else b1)]
        for k, name in enumerate("qkv"):
            sec("w" + name)
            out += [row(r) for r in c_attn[:, k * d:(k + 1) * d]]
            sec("b" + name)
            out.append(row(c_attn_b[k * d:(k + 1) * d]))
        sec("wo")
        out += [row(r) for r in c_proj]
        sec("bo")
        out.append(row(zeros(d) if c_proj_b is None else c_proj_b))
        sec("ln2")
        out += [row(g2), row(zeros(d) if b2 is None else b2)]
        sec("w1")
        out += [row(r) for r in c_fc]
        sec("b1")
        out.append(row(zeros(mlp) if c_fc_b is None else c_fc_b))
        sec("w2")
        out += [row(r) for r in m_proj]
        sec("b2")
        out.append(row(zeros(d) if m_proj_b is None else m_proj_b))
    gf = get("transformer.ln_f.weight", (d,))
    bf = get("transformer.ln_f.bias", (d,), optional=True)
    out.append("\n[ln_f]")
    out += [row(gf), row(zeros(d) if bf is None else bf)]
    out.append("\n[lm_head]")
    bias = zeros(V) if lm_bias is None else lm_bias
    for ch, w, b in zip(vocab, lm_head, bias):
        out.append(ch + " " + row(w) + " " + number(b))
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    os.replace(tmp, args.output)
    print(f"from-torch.py: wrote {args.output}: {layers} layers × {heads} heads, d = {d}, context {context}, "
          f"vocabulary {V}")


if __name__ == "__main__":
    main()
