# The program of `attn-tui --export python` and `--export python-train` for a layered model
# (embedded in attn-tui at build time; the data above it is written by attn-tui).
#   --export python: W (the weights), LINE and IDS, and attn-tui's results ATTN_TUI. The forward
#     pass is redone in NumPy and, where PyTorch imports, with torch.nn modules named as nanoGPT
#     names them; every head's shares, every layer's output and the readout are checked.
#   --export python-train: W (the starting weights), the BATCHES of windows each step took, the
#     learning rate of each step (LRS), attn-tui's LOSSES and its weights after the last step
#     (END). PyTorch redoes the steps with autograd and torch.optim.AdamW and checks the losses
#     and every weight; NumPy recomputes the first loss.
# Every check holds to TOLERANCE. Exit status: 0 every check holds, 1 one does not, 2 NumPy
# (or, with --require-torch, PyTorch) is missing.
import math
import os

if hasattr(sys.stdout, "reconfigure"):
    sys.stdout.reconfigure(errors="backslashreplace")   # a terminal without UTF-8


def load(module):
    """A module, or None. A Python of its own (pyenv, a virtual environment) may lack it while
    the system's Python of the same version has it (Debian's python3-numpy, python3-torch):
    that one is tried too."""
    try:
        return __import__(module)
    except ImportError:
        pass
    system = "/usr/lib/python3/dist-packages"
    if not os.path.isdir(system) or system in sys.path:
        return None
    sys.path.append(system)
    try:
        return __import__(module)
    except Exception:
        sys.path.remove(system)
        return None


def say(en, zh):
    """A message in the script's language (LANG, as attn-tui's --lang wrote it)."""
    return zh if LANG == "zh" else en


np = load("numpy")
if np is None:
    print(say("attn-tui export: NumPy is not installed for this Python (%s): install it"
              " (Debian: apt-get install python3-numpy)",
              "attn-tui export：这个 Python（%s）没有装 NumPy：请安装（Debian：apt-get install python3-numpy）")
          % sys.executable, file=sys.stderr)
    sys.exit(2)

failures = []
DH = D // HEADS
TRAINING = "BATCHES" in globals()


def pad(text, width):
    """text and blanks to width terminal columns (a Chinese character takes two)."""
    import unicodedata
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - used)


def check(label, ours, theirs):
    ours, theirs = np.asarray(ours, dtype=np.float64), np.asarray(theirs, dtype=np.float64)
    diff = float(np.max(np.abs(ours - theirs))) if ours.shape == theirs.shape else float("inf")
    ok = diff <= TOLERANCE
    verdict = say("ok", "一致") if ok else say("MISMATCH", "不一致")
    print(f"  {pad(label, 44)} {verdict}  max |diff| {diff:.1e}")
    if not ok:
        failures.append(label)


def fingerprint(T):
    """The lesson's position fingerprint at width D, rows 0 .. T-1."""
    def one(p, i):
        angle = p / 10000.0 ** ((2.0 * (i // 2)) / D)
        return math.sin(angle) if i % 2 == 0 else math.cos(angle)
    return np.array([[one(p, i) for i in range(D)] for p in range(T)])


def positions(T):
    return np.array(W["position"][:T]) if LEARNED_POSITION else fingerprint(T)


# ---------------------------------------------------------------- NumPy

def numpy_forward(ids):
    """The forward pass of one line in NumPy, every step as transformer.h writes it."""
    T = len(ids)
    x = np.array(W["embedding"])[ids] + positions(T)
    erf = np.vectorize(math.erf)

    def layer_norm(h, g, b):
        mean = h.mean(axis=-1, keepdims=True)
        var = ((h - mean) ** 2).mean(axis=-1, keepdims=True)
        return np.array(g) * (h - mean) / np.sqrt(var + 1e-5) + np.array(b)

    out = {"x": x, "layers": []}
    mask = np.tril(np.ones((T, T), dtype=bool))
    for L in W["layers"]:
        ln1 = layer_norm(x, L["ln1_gain"], L["ln1_bias"])
        q = ln1 @ np.array(L["wq"]) + np.array(L["bq"])
        k = ln1 @ np.array(L["wk"]) + np.array(L["bk"])
        v = ln1 @ np.array(L["wv"]) + np.array(L["bv"])
        shares, heads = [], np.zeros((T, D))
        for h in range(HEADS):
            c = slice(h * DH, (h + 1) * DH)
            s = np.where(mask, q[:, c] @ k[:, c].T / math.sqrt(DH), -np.inf)
            e = np.exp(s - s.max(axis=1, keepdims=True))
            a = e / e.sum(axis=1, keepdims=True)
            shares.append(a)
            heads[:, c] = a @ v[:, c]
        resid = x + heads @ np.array(L["wo"]) + np.array(L["bo"])
        pre = layer_norm(resid, L["ln2_gain"], L["ln2_bias"]) @ np.array(L["w1"]) + np.array(L["b1"])
        act = pre * 0.5 * (1.0 + erf(pre / math.sqrt(2.0)))
        x = resid + act @ np.array(L["w2"]) + np.array(L["b2"])
        out["layers"].append({"ln1": ln1, "q": q, "k": k, "v": v, "shares": shares, "output": x})
    logits = layer_norm(x, W["lnf_gain"], W["lnf_bias"]) @ np.array(W["lm_head"]) + np.array(W["lm_bias"])
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    out["logits"], out["probs"] = logits, e / e.sum(axis=1, keepdims=True)
    return out


def line_loss(probs, targets):
    return -sum(math.log(probs[t][y]) for t, y in enumerate(targets))


# ---------------------------------------------------------------- torch.nn

def torch_model(torch):
    """nanoGPT's GPT of this shape in float64 (dropout 0), holding W."""
    nn = torch.nn

    class CausalSelfAttention(nn.Module):
        def __init__(self):
            super().__init__()
            self.c_attn = nn.Linear(D, 3 * D)
            self.c_proj = nn.Linear(D, D)

        def forward(self, x):
            T = x.shape[0]
            q, k, v = self.c_attn(x).split(D, dim=1)
            q, k, v = (z.view(T, HEADS, DH).transpose(0, 1) for z in (q, k, v))
            att = (q @ k.transpose(-2, -1)) / math.sqrt(DH)
            att = att.masked_fill(~torch.tril(torch.ones(T, T, dtype=torch.bool)), float("-inf"))
            self.shares = torch.softmax(att, dim=-1)
            return self.c_proj((self.shares @ v).transpose(0, 1).reshape(T, D))

    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.c_fc = nn.Linear(D, MLP_WIDTH)
            self.gelu = nn.GELU()
            self.c_proj = nn.Linear(MLP_WIDTH, D)

        def forward(self, x):
            return self.c_proj(self.gelu(self.c_fc(x)))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln_1 = nn.LayerNorm(D, eps=1e-5)
            self.attn = CausalSelfAttention()
            self.ln_2 = nn.LayerNorm(D, eps=1e-5)
            self.mlp = MLP()

        def forward(self, x):
            self.x_in = x
            x = x + self.attn(self.ln_1(x))
            return x + self.mlp(self.ln_2(x))

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.transformer = nn.ModuleDict(dict(
                wte=nn.Embedding(VOCAB, D),
                h=nn.ModuleList([Block() for _ in range(LAYERS)]),
                ln_f=nn.LayerNorm(D, eps=1e-5)))
            if LEARNED_POSITION:
                self.transformer["wpe"] = nn.Embedding(CONTEXT, D)
            else:
                self.register_buffer("fingerprint", torch.tensor(fingerprint(CONTEXT)))
            self.lm_head = nn.Linear(D, VOCAB)

        def forward(self, ids):
            T = ids.shape[0]
            pos = self.transformer.wpe.weight[:T] if LEARNED_POSITION else self.fingerprint[:T]
            x = self.transformer.wte(ids) + pos
            self.x = x
            for block in self.transformer.h:
                x = block(x)
                block.output = x
            return self.lm_head(self.transformer.ln_f(x))

    model = GPT().double()
    t = lambda rows: torch.tensor(rows, dtype=torch.float64)
    with torch.no_grad():
        tr = model.transformer
        tr.wte.weight.copy_(t(W["embedding"]))
        if LEARNED_POSITION:
            tr.wpe.weight.copy_(t(W["position"]))
        for b, L in zip(tr.h, W["layers"]):
            b.ln_1.weight.copy_(t(L["ln1_gain"]))
            b.ln_1.bias.copy_(t(L["ln1_bias"]))
            b.attn.c_attn.weight.copy_(torch.cat([t(L["wq"]), t(L["wk"]), t(L["wv"])], dim=1).T)
            b.attn.c_attn.bias.copy_(torch.cat([t(L["bq"]), t(L["bk"]), t(L["bv"])]))
            b.attn.c_proj.weight.copy_(t(L["wo"]).T)
            b.attn.c_proj.bias.copy_(t(L["bo"]))
            b.ln_2.weight.copy_(t(L["ln2_gain"]))
            b.ln_2.bias.copy_(t(L["ln2_bias"]))
            b.mlp.c_fc.weight.copy_(t(L["w1"]).T)
            b.mlp.c_fc.bias.copy_(t(L["b1"]))
            b.mlp.c_proj.weight.copy_(t(L["w2"]).T)
            b.mlp.c_proj.bias.copy_(t(L["b2"]))
        tr.ln_f.weight.copy_(t(W["lnf_gain"]))
        tr.ln_f.bias.copy_(t(W["lnf_bias"]))
        model.lm_head.weight.copy_(t(W["lm_head"]).T)
        model.lm_head.bias.copy_(t(W["lm_bias"]))
    return model


def torch_weights(model):
    """The model's parameters in attn-tui's layout (x · W), as NumPy arrays."""
    n = lambda p: p.detach().numpy()
    tr = model.transformer
    out = {"embedding": n(tr.wte.weight), "layers": [],
           "lnf_gain": n(tr.ln_f.weight), "lnf_bias": n(tr.ln_f.bias),
           "lm_head": n(model.lm_head.weight).T, "lm_bias": n(model.lm_head.bias)}
    if LEARNED_POSITION:
        out["position"] = n(tr.wpe.weight)
    for b in tr.h:
        wq, wk, wv = np.split(n(b.attn.c_attn.weight).T, 3, axis=1)
        bq, bk, bv = np.split(n(b.attn.c_attn.bias), 3)
        out["layers"].append({
            "ln1_gain": n(b.ln_1.weight), "ln1_bias": n(b.ln_1.bias),
            "wq": wq, "bq": bq, "wk": wk, "bk": bk, "wv": wv, "bv": bv,
            "wo": n(b.attn.c_proj.weight).T, "bo": n(b.attn.c_proj.bias),
            "ln2_gain": n(b.ln_2.weight), "ln2_bias": n(b.ln_2.bias),
            "w1": n(b.mlp.c_fc.weight).T, "b1": n(b.mlp.c_fc.bias),
            "w2": n(b.mlp.c_proj.weight).T, "b2": n(b.mlp.c_proj.bias)})
    return out


def torch_forward(torch, ids):
    model = torch_model(torch)
    with torch.no_grad():
        logits = model(torch.tensor(ids))
        out = {"x": model.x.numpy(), "layers": []}
        for b in model.transformer.h:
            ln1 = b.ln_1(b.x_in)
            q, k, v = (z.numpy() for z in b.attn.c_attn(ln1).split(D, dim=1))
            out["layers"].append({"ln1": ln1.numpy(), "q": q, "k": k, "v": v,
                                  "shares": [s.numpy() for s in b.attn.shares], "output": b.output.numpy()})
        out["logits"], out["probs"] = logits.numpy(), torch.softmax(logits, dim=-1).numpy()
    return out


# ---------------------------------------------------------------- the checks

def compare(name, got):
    print(name)
    A = ATTN_TUI
    check(say("x = word vector + position", "x = 词向量 + 位置指纹"), got["x"], A["x"])
    for i, (mine, theirs) in enumerate(zip(got["layers"], A["layers"])):
        check(say(f"layer {i + 1}: LN1", f"第 {i + 1} 层：LN1"), mine["ln1"], theirs["ln1"])
        check(say(f"layer {i + 1}: Q, K, V", f"第 {i + 1} 层：Q、K、V"), np.stack([mine["q"], mine["k"], mine["v"]]),
              np.stack([theirs["q"], theirs["k"], theirs["v"]]))
        for h in range(HEADS):
            check(say(f"layer {i + 1} head {h + 1}: shares", f"第 {i + 1} 层第 {h + 1} 个头：百分比"),
                  mine["shares"][h], theirs["shares"][h])
        check(say(f"layer {i + 1}: output", f"第 {i + 1} 层：输出"), mine["output"], theirs["output"])
    check("logits = ln_f(h) · lm_head + lm_bias", got["logits"], A["logits"])
    check("probs = softmax(logits)", got["probs"], A["probs"])


def train_torch(torch):
    model = torch_model(torch)
    opt = torch.optim.AdamW(model.parameters(), lr=LRS[0], betas=BETAS, eps=EPS, weight_decay=DECAY)
    print(say(f"PyTorch {torch.__version__}: {len(LRS)} AdamW steps with autograd (float64)",
              f"PyTorch {torch.__version__}：用 autograd 走 {len(LRS)} 步 AdamW（float64）"))
    for step, (batch, lr) in enumerate(zip(BATCHES, LRS)):
        opt.zero_grad()
        total, count = 0, 0
        for ids, targets in batch:
            logits = model(torch.tensor(ids))
            total = total + torch.nn.functional.cross_entropy(logits, torch.tensor(targets), reduction="sum")
            count += len(targets)
        loss = total / count
        loss.backward()
        for group in opt.param_groups:
            group["lr"] = lr
        opt.step()
        check(say(f"loss of step {step + 1}", f"第 {step + 1} 步的损失"), loss.item(), LOSSES[step])
    got = torch_weights(model)
    steps = len(LRS)
    for name in ("embedding", "lnf_gain", "lnf_bias", "lm_head", "lm_bias") + (("position",) if LEARNED_POSITION else ()):
        check(say(f"{name} after {steps} steps", f"{steps} 步后的 {name}"), got[name], END[name])
    for i, (mine, theirs) in enumerate(zip(got["layers"], END["layers"])):
        for name in mine:
            check(say(f"layer {i + 1} {name} after {steps} steps", f"{steps} 步后第 {i + 1} 层的 {name}"),
                  mine[name], theirs[name])


torch = load("torch")
if torch is None and "--require-torch" in sys.argv:
    print(say("PyTorch is not installed here, and --require-torch asks for it",
              "这里没有装 PyTorch，而 --require-torch 要用它"))
    sys.exit(2)
if torch is not None:
    torch.set_num_threads(1)
if TRAINING:
    print(say(f"attn-tui --export python-train: {len(LRS)} steps of {LAYERS} layers × {HEADS} heads of width {DH}, d = {D}",
              f"attn-tui --export python-train：{len(LRS)} 步，{LAYERS} 层 × 每层 {HEADS} 个宽 {DH} 的头，d = {D}"))
    ids, targets = BATCHES[0][0]
    first = sum(line_loss(numpy_forward(i)["probs"], y) for i, y in BATCHES[0]) / sum(len(y) for _, y in BATCHES[0])
    check(say("loss of the starting weights (NumPy)", "起始权重的损失（NumPy）"), first, LOSSES[0])
    if torch is None:
        print(say("PyTorch: not installed here: the training check was skipped",
                  "PyTorch：这里没有安装，跳过了训练的核对"))
    else:
        train_torch(torch)
    done = say("training matches attn-tui", "训练和 attn-tui 一致")
else:
    print(say(f"attn-tui --export python: {LINE}  ({LAYERS} layers × {HEADS} heads of width {DH}, d = {D})",
              f"attn-tui --export python：{LINE}（{LAYERS} 层 × 每层 {HEADS} 个宽 {DH} 的头，d = {D}）"))
    compare("NumPy (float64)", numpy_forward(IDS))
    if torch is None:
        print(say("PyTorch: not installed here: skipped", "PyTorch：这里没有安装，跳过"))
    else:
        compare(f"PyTorch {torch.__version__} torch.nn (float64)", torch_forward(torch, IDS))
    done = say("every head, every layer and the readout match attn-tui", "每个头、每一层和读出层都和 attn-tui 一致")
if failures:
    print(say(f"MISMATCH: {len(failures)} check(s) differ by more than {TOLERANCE:g}",
              f"不一致：{len(failures)} 项核对相差超过 {TOLERANCE:g}"))
    sys.exit(1)
if torch is not None:
    checked = say("NumPy and PyTorch", "NumPy 和 PyTorch")
else:
    checked = say("NumPy; PyTorch skipped: not installed", "NumPy；PyTorch 没有安装，跳过")
print(say(f"{done} to {TOLERANCE:g} ({checked})", f"{done}，误差在 {TOLERANCE:g} 以内（{checked}）"))
