/* export.c — --export python: a self-contained Python script holding one sentence's numbers
 * (x, Wq, Wk, Wv) and attn-tui's own results, which recomputes the five lines with NumPy
 * (and PyTorch when it is there) and checks the two agree.
 * Owns: the script's text and finding out whether it was written.
 * Must not touch: the terminal, the arithmetic (it only writes what the Traces hold). */
#include "export.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "format.h"
#include "task.h"

#ifndef ATTN_VERSION
#define ATTN_VERSION "?"
#endif

/* ---------------------------------------------------------------- formats */

static const char *const format_names[EXPORT_FORMAT_COUNT] = { "python", "python-train" };

int export_format_from_name(const char *name)
{
    for (int f = 0; f < EXPORT_FORMAT_COUNT; f++)
        if (strcmp(name, format_names[f]) == 0)
            return f;
    return -1;
}

const char *export_format_name(ExportFormat f)
{
    return f >= 0 && f < EXPORT_FORMAT_COUNT ? format_names[f] : "?";
}

const char *export_format_names(Lang lang)
{
    return LANG_PICK(lang, "python or python-train", "python 或 python-train");
}

/* ---------------------------------------------------------------- Python literals */

/* s as a Python string literal: backslash, quote and control characters escaped, the
 * rest (UTF-8) as it is. */
static void py_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\\' || *p == '"')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\x%02x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* s inside a comment: control characters (a newline would end it) become '?'. */
static void py_comment_text(FILE *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        fputc(*p < 0x20 || *p == 0x7f ? '?' : *p, out);
}

/* The sentence as its characters joined. */
static void py_sentence_comment(FILE *out, const Trace *tr)
{
    for (int t = 0; t < tr->T; t++)
        py_comment_text(out, tr->tokens[t]);
}

/* "[v0, v1, …]" at full precision: %.17g reads back as exactly the same double. */
static void py_row(FILE *out, const double *v, int n)
{
    fputc('[', out);
    for (int i = 0; i < n; i++)
        format_c_fprintf(out, "%s%.17g", i ? ", " : "", v[i]);
    fputc(']', out);
}

/* A rows × cols matrix, one row a line under `indent`, each labelled with its character
 * when tr is given (rows of a [T, …] matrix) or with its index. Ends without a newline
 * after the closing bracket. */
static void py_matrix(FILE *out, const char *indent, const double *m, int rows, int cols,
                      const Trace *tr)
{
    fputs("[\n", out);
    for (int r = 0; r < rows; r++) {
        fprintf(out, "%s    ", indent);
        py_row(out, m + (size_t)r * (size_t)cols, cols);
        fputs(",  # ", out);
        if (tr)
            py_comment_text(out, tr->tokens[r]);
        else
            fprintf(out, "row %d", r);
        fputc('\n', out);
    }
    fprintf(out, "%s]", indent);
}

/* One of a trace's per-head T × T tables (scores or weights): [heads, T, T]. */
static void py_heads(FILE *out, const char *indent, const Trace *tr, const double *tables)
{
    char inner[32];
    snprintf(inner, sizeof inner, "%s    ", indent);
    fputs("[\n", out);
    for (int h = 0; h < tr->heads; h++) {
        fputs(inner, out);
        py_matrix(out, inner, tables + (size_t)h * (size_t)tr->T * (size_t)tr->T, tr->T, tr->T, tr);
        fprintf(out, ",  # head %d\n", h + 1);
    }
    fprintf(out, "%s]", indent);
}

/* ---------------------------------------------------------------- the data */

static void py_header(FILE *out, const Trace *tr)
{
    fputs("#!/usr/bin/env python3\n"
          "# -*- coding: utf-8 -*-\n"
          "# Lesson 6, self-attention, on ", out);
    py_sentence_comment(out, tr);
    format_c_fprintf(out, " — the five lines, recomputed outside attn-tui.\n"
          "#\n"
          "# Written by `attn-tui --export python` (attn-tui %s). It holds the model's numbers for\n"
          "# this sentence and attn-tui's own results, recomputes the five lines with NumPy,\n"
          "#\n"
          "#     Q = x·Wq;  K = x·Wk;  V = x·Wv;  A = softmax(Q·Kᵀ / √d);  out = A·V\n"
          "#\n"
          "# and checks that both agree to %g; then lesson 7's causal mask and two heads.\n"
          "# Where PyTorch is installed it also runs F.scaled_dot_product_attention and\n"
          "# nn.MultiheadAttention with the same weights. Exits 0 when every check holds,\n"
          "# 1 on a mismatch, 2 without NumPy.\n"
          "#\n"
          "# Run it:  attn-tui --export python | python3     (or save it and run python3 FILE)\n"
          "import sys\n\n", ATTN_VERSION, EXPORT_TOLERANCE);
}

static void py_inputs(FILE *out, const Trace *tr)
{
    char sentence[MODEL_SENTENCE_BYTES * 2] = "";
    for (int t = 0; t < tr->T; t++)
        strncat(sentence, tr->tokens[t], sizeof sentence - strlen(sentence) - 1);
    fputs("SENTENCE = ", out);
    py_string(out, sentence);
    fputs("\nTOKENS = [", out);
    for (int t = 0; t < tr->T; t++) {
        fputs(t ? ", " : "", out);
        py_string(out, tr->tokens[t]);
    }
    format_c_fprintf(out, "]\n"
                 "T = %d        # characters\n"
                 "D = %d        # the width d of every vector\n"
                 "TOLERANCE = %g\n\n", tr->T, tr->d, EXPORT_TOLERANCE);
    fputs("# x = word vector + position fingerprint, one row per character: [T, D].\n"
          "X = ", out);
    py_matrix(out, "", tr->x, tr->T, tr->d, tr);
    fputs("\n\n# The three trained matrices, [D, D]: row i, column j carries input dimension i\n"
          "# into output dimension j (Q = x·Wq).\n", out);
    static const char *const names[3] = { "WQ", "WK", "WV" };
    for (int r = 0; r < 3; r++) {
        fprintf(out, "%s = ", names[r]);
        py_matrix(out, "", engine_weights(tr, (Role)r), tr->d, tr->d, NULL);
        fputs("\n", out);
    }
    fputc('\n', out);
}

/* One pass's results: heads, mask, scores, shares, output. */
static void py_case(FILE *out, const char *name, const Trace *tr, const char *skipped)
{
    fprintf(out, "    \"%s\": ", name);
    if (!tr) {
        fprintf(out, "None,  # %s\n", skipped);
        return;
    }
    fprintf(out, "{\n        \"heads\": %d,\n        \"causal\": %s,\n", tr->heads,
            tr->mask == MASK_CAUSAL ? "True" : "False");
    fputs("        # Q·Kᵀ of each head, [heads, T, T]: row t is character t asking\n"
          "        \"scores\": ", out);
    py_heads(out, "        ", tr, tr->scores);
    fputs(",\n        # the shares A = softmax(Q·Kᵀ / √dh), [heads, T, T] (0 where masked)\n"
          "        \"A\": ", out);
    py_heads(out, "        ", tr, tr->weights);
    fputs(",\n        # out = A·V, the heads' columns side by side, [T, D]\n"
          "        \"out\": ", out);
    py_matrix(out, "        ", tr->output, tr->T, tr->d, tr);
    fputs(",\n    },\n", out);
}

/* A model with a readout: its answers, Wo, bo (W1, b1, W2) and attn-tui's logits and
 * probabilities at the last character; READOUT = None without one. */
static void py_readout(FILE *out, const ExportPasses *ps)
{
    const Trace *tr = ps->readout;
    if (!tr || !tr->logits) {
        fputs("READOUT = None  # the model has no readout ([answers], [wo], [bo])\n\n", out);
        return;
    }
    const Model *m = tr->model;
    int n = m->answers_count;
    fputs("# The readout at the last character (a model trained with --train):\n"
          "#   h0 = x[T-1] + out[T-1];  h = h0 + relu(h0·W1 + b1)·W2 (with an MLP);\n"
          "#   logits = h·Wo + bo;  probs = softmax(logits)\n"
          "READOUT = {\n    \"case\": ", out);
    py_string(out, tr->heads == 2 ? "two heads" : "one head");
    fprintf(out, ",\n    \"heads\": %d,\n    \"answers\": [", tr->heads);
    for (int c = 0; c < n; c++) {
        fputs(c ? ", " : "", out);
        py_string(out, m->vocab[m->answers[c]]);
    }
    fputs("],\n    \"Wo\": ", out);
    py_matrix(out, "    ", m->wo, m->d, n, NULL);
    fputs(",\n    \"bo\": ", out);
    py_row(out, m->bo, n);
    if (m->hidden > 0) {
        fputs(",\n    \"W1\": ", out);
        py_matrix(out, "    ", m->w1, m->d, m->hidden, NULL);
        fputs(",\n    \"b1\": ", out);
        py_row(out, m->b1, m->hidden);
        fputs(",\n    \"W2\": ", out);
        py_matrix(out, "    ", m->w2, m->hidden, m->d, NULL);
    } else {
        fputs(",\n    \"W1\": None, \"b1\": None, \"W2\": None", out);
    }
    fputs(",\n    # attn-tui's own results\n    \"logits\": ", out);
    py_row(out, tr->logits, n);
    fputs(",\n    \"probs\": ", out);
    py_row(out, tr->probs, n);
    fprintf(out, ",\n    \"predicted\": %d,\n}\n\n", tr->predicted);
}

static void py_results(FILE *out, const ExportPasses *ps)
{
    const Trace *tr = ps->plain;
    static const char *const names[3] = { "ATTN_TUI_Q", "ATTN_TUI_K", "ATTN_TUI_V" };
    fputs("# attn-tui's own results (its engine, at full precision). Q, K and V are the same in\n"
          "# every case below; the cases differ in the mask and the heads.\n", out);
    for (int r = 0; r < 3; r++) {
        fprintf(out, "%s = ", names[r]);
        py_matrix(out, "", engine_projection(tr, (Role)r), tr->T, tr->d, tr);
        fputs("\n", out);
    }
    char skipped[96];
    snprintf(skipped, sizeof skipped, "d = %d is odd: it cannot be split into two heads", tr->d);
    fputs("ATTN_TUI = {\n", out);
    py_case(out, "one head", ps->plain, NULL);
    py_case(out, "causal mask", ps->causal, NULL);
    py_case(out, "two heads", ps->two_heads, skipped);
    fputs("}\n\n", out);
    py_readout(out, ps);
}

/* ---------------------------------------------------------------- the program */

/* Finding NumPy, for both scripts. */
static const char py_load_numpy[] =
"if hasattr(sys.stdout, \"reconfigure\"):\n"
"    sys.stdout.reconfigure(errors=\"backslashreplace\")   # a terminal without UTF-8\n"
"\n"
"\n"
"def load_numpy():\n"
"    \"\"\"NumPy, or None. A Python of its own (pyenv, a virtual environment) may lack NumPy\n"
"    while the system's Python of the same version has it (Debian's python3-numpy):\n"
"    that one is tried too.\"\"\"\n"
"    try:\n"
"        import numpy\n"
"        return numpy\n"
"    except ImportError:\n"
"        pass\n"
"    import os\n"
"    system = \"/usr/lib/python3/dist-packages\"\n"
"    if not os.path.isdir(system) or system in sys.path:\n"
"        return None\n"
"    sys.path.append(system)\n"
"    try:\n"
"        import numpy\n"
"        return numpy\n"
"    except Exception:\n"
"        sys.path.remove(system)\n"
"        return None\n"
"\n"
"\n";

/* What the script does with the data: the same for every sentence and model. */
static const char py_program[] =
"np = load_numpy()\n"
"if np is None:\n"
"    print(\"attn-tui export: NumPy is not installed for this Python (%s): install it\"\n"
"          \" (Debian: apt-get install python3-numpy; elsewhere: pip install numpy)\"\n"
"          % sys.executable, file=sys.stderr)\n"
"    sys.exit(2)\n"
"\n"
"failures = []\n"
"\n"
"\n"
"def check(label, ours, theirs, width=34):\n"
"    \"\"\"One line of the check: what was recomputed, ok or MISMATCH, the largest difference.\"\"\"\n"
"    ours = np.asarray(ours, dtype=np.float64)\n"
"    theirs = np.asarray(theirs, dtype=np.float64)\n"
"    if ours.shape != theirs.shape:\n"
"        print(f\"  {label:<{width}} MISMATCH  shape {ours.shape}, attn-tui's {theirs.shape}\")\n"
"        failures.append(label)\n"
"        return\n"
"    diff = float(np.max(np.abs(ours - theirs))) if ours.size else 0.0\n"
"    ok = diff <= TOLERANCE   # False for nan\n"
"    print(f\"  {label:<{width}} {'ok' if ok else 'MISMATCH'}  max |diff| {diff:.1e}\")\n"
"    if not ok:\n"
"        failures.append(label)\n"
"\n"
"\n"
"def softmax(s):\n"
"    \"\"\"Each row into shares that add up to 1: e^(s - max) / their sum. Subtracting the\n"
"    row's maximum changes nothing but keeps e^s from overflowing.\"\"\"\n"
"    e = np.exp(s - s.max(axis=-1, keepdims=True))\n"
"    return e / e.sum(axis=-1, keepdims=True)\n"
"\n"
"\n"
"def attention(Q, K, V, heads, causal):\n"
"    \"\"\"Lines 4 and 5 for any mask and heads. Head h takes columns h*dh .. h*dh+dh-1 of\n"
"    Q, K and V (dh = D / heads) and divides by its own width's root; its output fills the\n"
"    same columns of out. The causal mask M hides the characters after each one (-inf\n"
"    before softmax, so their share is 0).\"\"\"\n"
"    dh = D // heads\n"
"    M = np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, 0.0)\n"
"    scores = np.zeros((heads, T, T))\n"
"    A = np.zeros((heads, T, T))\n"
"    out = np.zeros((T, D))\n"
"    for h in range(heads):\n"
"        cols = slice(h * dh, (h + 1) * dh)\n"
"        scores[h] = Q[:, cols] @ K[:, cols].T\n"
"        A[h] = softmax(scores[h] / np.sqrt(dh) + (M if causal else 0.0))\n"
"        out[:, cols] = A[h] @ V[:, cols]\n"
"    return scores, A, out\n"
"\n"
"\n"
"x = np.array(X, dtype=np.float64)\n"
"Wq = np.array(WQ, dtype=np.float64)\n"
"Wk = np.array(WK, dtype=np.float64)\n"
"Wv = np.array(WV, dtype=np.float64)\n"
"\n"
"print(f\"attn-tui --export python: {SENTENCE}  (T = {T}, d = {D}; NumPy {np.__version__}, \"\n"
"      f\"tolerance {TOLERANCE:g})\")\n"
"\n"
"# The five lines, lesson 6: one head of width d, no mask.\n"
"Q = x @ Wq\n"
"K = x @ Wk\n"
"V = x @ Wv\n"
"A = softmax(Q @ K.T / np.sqrt(D))\n"
"out = A @ V\n"
"\n"
"case = ATTN_TUI[\"one head\"]\n"
"print(f\"lesson 6: one head of width {D}, no mask\")\n"
"check(\"Q   = x·Wq\", Q, ATTN_TUI_Q)\n"
"check(\"K   = x·Wk\", K, ATTN_TUI_K)\n"
"check(\"V   = x·Wv\", V, ATTN_TUI_V)\n"
"check(\"      Q·Kᵀ (the raw scores)\", Q @ K.T, case[\"scores\"][0])\n"
"check(\"A   = softmax(Q·Kᵀ / √d)\", A, case[\"A\"][0])\n"
"check(\"out = A·V\", out, case[\"out\"])\n"
"\n"
"# Lesson 7's preview: the same lines with the causal mask, and with two heads.\n"
"case = ATTN_TUI[\"causal mask\"]\n"
"print(\"lesson 7: the causal mask (is_causal=True): row t sees only columns 0..t\")\n"
"scores, A, out = attention(Q, K, V, heads=1, causal=True)\n"
"check(\"A   = softmax(Q·Kᵀ / √d + M)\", A, case[\"A\"])\n"
"check(\"out = A·V\", out, case[\"out\"])\n"
"\n"
"case = ATTN_TUI[\"two heads\"]\n"
"if case is None:\n"
"    print(f\"lesson 7: two heads: skipped (d = {D} is odd: it cannot be split in two)\")\n"
"else:\n"
"    print(f\"lesson 7: two heads of width {D // 2} (Wq, Wk, Wv split column-wise, \"\n"
"          f\"each ÷√{D // 2}, outputs side by side)\")\n"
"    scores, A, out = attention(Q, K, V, heads=2, causal=False)\n"
"    check(\"      Q·Kᵀ of each head\", scores, case[\"scores\"])\n"
"    check(\"A   = softmax(Q·Kᵀ / √(d/2))\", A, case[\"A\"])\n"
"    check(\"out = [A1·V1, A2·V2]\", out, case[\"out\"])\n"
"\n"
"# The readout at the last character, if the model has one.\n"
"if READOUT is not None:\n"
"    r = READOUT\n"
"    print(f\"readout at {TOKENS[-1]}: h0 = x + out, \" + (\"an MLP, \" if r[\"W1\"] else \"\") +\n"
"          f\"logits = h·Wo + bo over {len(r['answers'])} answers ({r['heads']} head(s))\")\n"
"    _, _, o = attention(Q, K, V, heads=r[\"heads\"], causal=False)\n"
"    h0 = x[-1] + o[-1]\n"
"    h = h0\n"
"    if r[\"W1\"] is not None:\n"
"        act = np.maximum(h0 @ np.array(r[\"W1\"]) + np.array(r[\"b1\"]), 0.0)\n"
"        h = h0 + act @ np.array(r[\"W2\"])\n"
"    logits = h @ np.array(r[\"Wo\"]) + np.array(r[\"bo\"])\n"
"    probs = softmax(logits)\n"
"    check(\"logits = h·Wo + bo\", logits, r[\"logits\"])\n"
"    check(\"probs  = softmax(logits)\", probs, r[\"probs\"])\n"
"    best = int(np.argmax(probs))\n"
"    if best != r[\"predicted\"]:\n"
"        failures.append(\"prediction\")\n"
"    print(f\"  prediction: {SENTENCE} → {r['answers'][best]}  {100 * probs[best]:.1f}%\"\n"
"          f\"  {'ok' if best == r['predicted'] else 'MISMATCH'}\")\n"
"\n"
"\n"
"# ---------------------------------------------------------------- PyTorch, if it is here\n"
"\n"
"def check_pytorch():\n"
"    \"\"\"The same numbers from PyTorch's own attention, in float64. Returns what it did.\"\"\"\n"
"    try:\n"
"        import torch\n"
"        import torch.nn.functional as F\n"
"    except ImportError:\n"
"        print(\"PyTorch: not installed here: skipped F.scaled_dot_product_attention and \"\n"
"              \"nn.MultiheadAttention\")\n"
"        return \"PyTorch skipped: not installed\"\n"
"    print(f\"PyTorch {torch.__version__}, float64 (MultiheadAttention: the same weights, \"\n"
"          \"identity out_proj; its out and A checked):\")\n"
"    cases = [c for c in ATTN_TUI.values() if c is not None]\n"
"    with torch.no_grad():\n"
"        xt = torch.tensor(X, dtype=torch.float64)\n"
"        Wqt, Wkt, Wvt = (torch.tensor(W, dtype=torch.float64) for W in (WQ, WK, WV))\n"
"        q, k, v = xt @ Wqt, xt @ Wkt, xt @ Wvt\n"
"        if hasattr(F, \"scaled_dot_product_attention\"):\n"
"            for c in cases:\n"
"                heads, dh = c[\"heads\"], D // c[\"heads\"]\n"
"\n"
"                def split(m):   # [T, D] -> [heads, T, dh]: head h takes columns h*dh ..\n"
"                    return m.reshape(T, heads, dh).transpose(0, 1)\n"
"\n"
"                o = F.scaled_dot_product_attention(split(q), split(k), split(v),\n"
"                                                   is_causal=c[\"causal\"])\n"
"                label = \"F.scaled_dot_product_attention(q, k, v\" + \\\n"
"                    (\", is_causal=True)\" if c[\"causal\"] else \")\") + \\\n"
"                    (f\", {heads} heads\" if heads > 1 else \"\")\n"
"                check(label, o.transpose(0, 1).reshape(T, D).numpy(), c[\"out\"], width=64)\n"
"        else:\n"
"            print(f\"  F.scaled_dot_product_attention: not in PyTorch {torch.__version__} \"\n"
"                  \"(it came with 2.0): skipped\")\n"
"        for c in cases:\n"
"            mha = torch.nn.MultiheadAttention(embed_dim=D, num_heads=c[\"heads\"], bias=False,\n"
"                                               batch_first=True).double()\n"
"            # PyTorch multiplies by its weight's transpose, so its weights are Wqᵀ, Wkᵀ, Wvᵀ;\n"
"            # the output projection is the identity, so out is A·V itself.\n"
"            mha.in_proj_weight.copy_(torch.cat([Wqt.T, Wkt.T, Wvt.T]))\n"
"            mha.out_proj.weight.copy_(torch.eye(D, dtype=torch.float64))\n"
"            mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1) if c[\"causal\"] else None\n"
"            o, a = mha(xt[None], xt[None], xt[None], attn_mask=mask, need_weights=True,\n"
"                       average_attn_weights=False)\n"
"            if c is cases[0]:\n"
"                label = f\"nn.MultiheadAttention(embed_dim={D}, num_heads=1, bias=False)\"\n"
"            else:\n"
"                label = f\"nn.MultiheadAttention(..., num_heads={c['heads']})\"\n"
"            if c[\"causal\"]:\n"
"                label += \", attn_mask=causal\"\n"
"            both = np.concatenate([o[0].numpy().ravel(), a[0].numpy().ravel()])\n"
"            check(label, both, np.concatenate([np.ravel(c[\"out\"]), np.ravel(c[\"A\"])]), width=64)\n"
"    return \"PyTorch too\"\n"
"\n"
"\n"
"pytorch = check_pytorch()\n"
"if failures:\n"
"    print(f\"MISMATCH: {len(failures)} check(s) differ from attn-tui by more than {TOLERANCE:g}: \"\n"
"          + \"; \".join(f.strip() for f in failures))\n"
"    sys.exit(1)\n"
"print(f\"all five lines match attn-tui (one head, causal mask, \"\n"
"      f\"{'two heads' if ATTN_TUI['two heads'] else 'two heads skipped'}; {pytorch})\")\n";

void export_python(FILE *out, const ExportPasses *ps)
{
    py_header(out, ps->plain);
    py_inputs(out, ps->plain);
    py_results(out, ps);
    fputs("\n# ---------------------------------------------------------------- the checks\n\n", out);
    fputs(py_load_numpy, out);
    fputs(py_program, out);
}

/* ---------------------------------------------------------------- training */

/* One parameter tensor of a run's Model view, by the name the script gives it. */
static void py_tensor(FILE *out, const char *name, const double *w, int rows, int cols)
{
    fprintf(out, "    \"%s\": ", name);
    if (!w) {
        fputs("None,\n", out);
        return;
    }
    py_matrix(out, "    ", w, rows, cols, NULL);
    fputs(",\n", out);
}

static void py_weights(FILE *out, const char *name, const Model *m)
{
    int d = m->d, n = m->answers_count, h = m->hidden;
    fprintf(out, "%s = {\n", name);
    py_tensor(out, "embedding", m->embedding, m->vocab_size, d);
    py_tensor(out, "wq", m->wq, d, d);
    py_tensor(out, "wk", m->wk, d, d);
    py_tensor(out, "wv", m->wv, d, d);
    py_tensor(out, "w1", h ? m->w1 : NULL, d, h);
    py_tensor(out, "b1", h ? m->b1 : NULL, 1, h);
    py_tensor(out, "w2", h ? m->w2 : NULL, h, d);
    py_tensor(out, "wo", m->wo, d, n);
    py_tensor(out, "bo", m->bo, 1, n);
    fputs("}\n\n", out);
}

/* The task: every sentence's characters (vocabulary indices) and its target (an answer). */
static void py_task(FILE *out, TrainRun *r)
{
    const Model *m = train_model(r);
    int n = train_sentence_count(r), d = m->d;
    fputs("IDS = [\n", out);
    for (int i = 0; i < n; i++) {
        char chars[TASK_LENGTH][TEXT_CHAR_BYTES];
        text_split_chars(train_sentence(r, i)->text, chars, TASK_LENGTH);
        fputs("    [", out);
        for (int t = 0; t < TASK_LENGTH; t++)
            fprintf(out, "%s%d", t ? ", " : "", model_find_char(m, chars[t]));
        fputs("],  # ", out);
        py_comment_text(out, train_sentence(r, i)->text);
        fputc('\n', out);
    }
    fputs("]\nTARGETS = [", out);
    for (int i = 0; i < n; i++) {
        const char *want = task_number_char(train_sentence(r, i)->answer);
        int c = 0;
        while (c < m->answers_count && strcmp(m->vocab[m->answers[c]], want) != 0)
            c++;
        fprintf(out, "%s%d", i ? ", " : "", c);
    }
    fputs("]\n# The position fingerprints of lesson 5, [T, D].\nPE = [\n", out);
    for (int t = 0; t < TASK_LENGTH; t++) {
        double row[MODEL_MAX_D];
        for (int j = 0; j < d; j++)
            row[j] = engine_position(t, j, d);
        fputs("    ", out);
        py_row(out, row, d);
        fputs(",\n", out);
    }
    fputs("]\n\n", out);
}

static const char py_train_program[] =
"np = load_numpy()\n"
"if np is None:\n"
"    print(\"attn-tui export: NumPy is not installed for this Python (%s): install it\"\n"
"          \" (Debian: apt-get install python3-numpy)\" % sys.executable, file=sys.stderr)\n"
"    sys.exit(2)\n"
"\n"
"failures = []\n"
"\n"
"\n"
"def check(label, ours, theirs):\n"
"    ours, theirs = np.asarray(ours, dtype=np.float64), np.asarray(theirs, dtype=np.float64)\n"
"    diff = float(np.max(np.abs(ours - theirs))) if ours.shape == theirs.shape else float(\"inf\")\n"
"    ok = diff <= TOLERANCE\n"
"    print(f\"  {label:<44} {'ok' if ok else 'MISMATCH'}  max |diff| {diff:.1e}\")\n"
"    if not ok:\n"
"        failures.append(label)\n"
"\n"
"\n"
"class NumpyOps:\n"
"    \"\"\"The few operations forward() needs, in NumPy.\"\"\"\n"
"    lib = np\n"
"    def max(t): return t.max(-1, keepdims=True)\n"
"    def sum(t): return t.sum(-1, keepdims=True)\n"
"    def cat(ts): return np.concatenate(ts, -1)\n"
"    def relu(t): return np.maximum(t, 0.0)\n"
"    def index(v): return np.array(v)\n"
"\n"
"\n"
"def torch_ops(torch):\n"
"    class TorchOps:\n"
"        \"\"\"The same in PyTorch (autograd follows them).\"\"\"\n"
"        lib = torch\n"
"        def max(t): return t.max(-1, keepdim=True).values\n"
"        def sum(t): return t.sum(-1, keepdim=True)\n"
"        def cat(ts): return torch.cat(ts, -1)\n"
"        def relu(t): return torch.relu(t)\n"
"        def index(v): return torch.tensor(v)\n"
"    return TorchOps\n"
"\n"
"\n"
"def forward(P, ops):\n"
"    \"\"\"The mean cross-entropy over the task: x = word vector + fingerprint; at the last\n"
"    character q = x·Wq; each head's shares softmax(q·Kᵀ / √dh) over the sentence; out =\n"
"    shares·V; h0 = x + out; h = h0 + relu(h0·W1 + b1)·W2 (with an MLP); logits = h·Wo + bo.\"\"\"\n"
"    ids = ops.index(IDS)\n"
"    x = P[\"embedding\"][ids] + P[\"pe\"]\n"
"    q = x[:, -1] @ P[\"wq\"]\n"
"    k = x @ P[\"wk\"]\n"
"    v = x @ P[\"wv\"]\n"
"    dh = D // HEADS\n"
"    outs = []\n"
"    for h in range(HEADS):\n"
"        c = slice(h * dh, (h + 1) * dh)\n"
"        s = (k[:, :, c] * q[:, None, c]).sum(-1) / (dh ** 0.5)\n"
"        e = ops.lib.exp(s - ops.max(s))\n"
"        a = e / ops.sum(e)\n"
"        outs.append((a[:, :, None] * v[:, :, c]).sum(1))\n"
"    h0 = x[:, -1] + ops.cat(outs)\n"
"    hh = h0\n"
"    if P[\"w1\"] is not None:\n"
"        hh = h0 + ops.relu(h0 @ P[\"w1\"] + P[\"b1\"][0]) @ P[\"w2\"]\n"
"    logits = hh @ P[\"wo\"] + P[\"bo\"][0]\n"
"    m = ops.max(logits)\n"
"    lse = ops.lib.log(ops.lib.exp(logits - m).sum(-1)) + m[:, 0]\n"
"    picked = logits[ops.index(list(range(len(IDS)))), ops.index(TARGETS)]\n"
"    return (lse - picked).mean()\n"
"\n"
"\n"
"print(f\"attn-tui --export python-train: task {TASK}, seed {SEED}, {HEADS} head(s), lr {LR}, \"\n"
"      f\"{STEPS} Adam steps; tolerance {TOLERANCE:g}\")\n"
"start = {k: (np.array(v, dtype=np.float64) if v is not None else None) for k, v in START.items()}\n"
"start[\"pe\"] = np.array(PE, dtype=np.float64)\n"
"check(\"loss of the starting weights (NumPy)\", forward(start, NumpyOps), ATTN_TUI_LOSS[0])\n"
"try:\n"
"    import torch\n"
"except ImportError:\n"
"    torch = None\n"
"if torch is None:\n"
"    print(\"PyTorch: not installed here: the training check was skipped \"\n"
"          \"(the forward pass was checked with NumPy)\")\n"
"else:\n"
"    print(f\"PyTorch {torch.__version__}: {STEPS} steps of torch.optim.Adam with autograd, float64\")\n"
"    P = {k: (torch.tensor(v, dtype=torch.float64, requires_grad=True) if v is not None else None)\n"
"         for k, v in START.items()}\n"
"    params = [p for p in P.values() if p is not None]\n"
"    P[\"pe\"] = torch.tensor(PE, dtype=torch.float64)\n"
"    opt = torch.optim.Adam(params, lr=LR, betas=(0.9, 0.999), eps=1e-8, weight_decay=0)\n"
"    ops = torch_ops(torch)\n"
"    losses = []\n"
"    import time\n"
"    began = time.process_time()\n"
"    for step in range(STEPS):\n"
"        opt.zero_grad()\n"
"        loss = forward(P, ops)\n"
"        losses.append(loss.item())\n"
"        loss.backward()\n"
"        opt.step()\n"
"    seconds = time.process_time() - began\n"
"    with torch.no_grad():\n"
"        losses.append(forward(P, ops).item())\n"
"    print(f\"  {STEPS} steps took {seconds:.3f} s of CPU ({torch.get_num_threads()} thread(s))\")\n"
"    check(f\"the loss after each of the {STEPS} steps\", losses, ATTN_TUI_LOSS)\n"
"    for name, p in P.items():\n"
"        if p is not None and name != \"pe\":\n"
"            check(f\"{name} after {STEPS} steps\", p.detach().numpy(), ATTN_TUI_END[name])\n"
"if failures:\n"
"    print(f\"MISMATCH: {len(failures)} check(s) differ from attn-tui by more than {TOLERANCE:g}: \"\n"
"          + \"; \".join(failures))\n"
"    sys.exit(1)\n"
"print(\"training matches attn-tui\" + (\"\" if torch else \" (forward pass only: PyTorch skipped)\"))\n";

static void export_train_script(FILE *out, TrainRun *r, const Model *start, const double *losses,
                                int steps)
{
    const TrainConfig *c = train_config(r);
    format_c_fprintf(out, "#!/usr/bin/env python3\n"
            "# -*- coding: utf-8 -*-\n"
            "# attn-tui's training (issue 18), redone outside attn-tui.\n"
            "#\n"
            "# Written by `attn-tui --export python-train` (attn-tui %s). It holds the task's\n"
            "# sentences, the starting weights, attn-tui's loss after each Adam step and its\n"
            "# weights after the last. With PyTorch it redoes the steps with autograd and\n"
            "# torch.optim.Adam and checks every weight to %g; with NumPy alone it checks the\n"
            "# first loss and says the training check was skipped. Exits 0 when every check\n"
            "# holds, 1 on a mismatch, 2 without NumPy.\n"
            "import sys\n\n", ATTN_VERSION, EXPORT_TOLERANCE);
    fputs("TASK = ", out);
    py_string(out, task_name(c->task));
    format_c_fprintf(out, "\nSEED = %llu\nHEADS = %d\nLR = %.17g\nSTEPS = %d\nD = %d\nTOLERANCE = %g\n\n",
            (unsigned long long)c->seed, c->heads, c->lr, steps, start->d, EXPORT_TOLERANCE);
    py_task(out, r);
    py_weights(out, "START", start);
    fputs("ATTN_TUI_LOSS = ", out);
    py_row(out, losses, steps + 1);
    fputs("\n", out);
    py_weights(out, "ATTN_TUI_END", train_model(r));
    fputs(py_load_numpy, out);
    fputs(py_train_program, out);
}

int export_train_write(FILE *out, const char *out_name, const TrainConfig *cfg, const Model *start,
                       int steps, char *err, size_t errlen)
{
    TrainRun *r = train_new(cfg, start, err, errlen);
    if (!r)
        return -1;
    Model first;
    double *losses = malloc(((size_t)steps + 1) * sizeof *losses);
    if (!losses || train_to_model(r, &first) != 0) {
        free(losses);
        train_free(r);
        snprintf(err, errlen, "%s", LANG_PICK(cfg->lang, "out of memory", "内存不足"));
        return -1;
    }
    for (int i = 0; i < steps; i++)
        train_step(r);
    memcpy(losses, train_loss_history(r), ((size_t)steps + 1) * sizeof *losses);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    int e = mem ? 0 : ENOMEM;
    if (mem) {
        export_train_script(mem, r, &first, losses, steps);
        e = fclose(mem) != 0 ? ENOMEM : 0;
    }
    errno = 0;
    if (e == 0 && (fwrite(buf, 1, len, out) != len || fflush(out) != 0 || ferror(out)))
        e = errno ? errno : EIO;
    if (e != 0)
        snprintf(err, errlen, LANG_PICK(cfg->lang, "cannot write to %s: %s", "写不进%s：%s"), out_name,
                 lang_strerror(cfg->lang, e).text);
    free(buf);
    free(losses);
    model_free(&first);
    train_free(r);
    return e != 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- writing */

/* Runs pass cfg into *tr; on failure says which pass in err. */
static int export_pass(const Model *m, const char *sentence, Mask mask, int heads, Lang lang,
                       Trace *tr, const char *what, char *err, size_t errlen)
{
    EngineConfig cfg = { .mask = mask, .heads = heads, .lang = lang };
    char why[1024];
    if (engine_forward_with(m, sentence, &cfg, tr, why, sizeof why) == 0)
        return 0;
    snprintf(err, errlen, LANG_PICK(lang, "%s: %s", "%s：%s"), what, why);
    return -1;
}

/* The whole script into a memory buffer first, so that a failed write leaves nothing
 * half-said unnoticed; then one write and a flush. 0 or the errno of the failure. */
static int export_to(FILE *out, ExportFormat f, const ExportPasses *ps)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return errno ? errno : ENOMEM;
    if (f == EXPORT_PYTHON)
        export_python(mem, ps);
    int failed = ferror(mem);
    if (fclose(mem) != 0 || failed) {
        free(buf);
        return ENOMEM;
    }
    errno = 0;
    int e = 0;
    if (fwrite(buf, 1, len, out) != len || fflush(out) != 0 || ferror(out))
        e = errno ? errno : EIO;
    free(buf);
    return e;
}

int export_write(FILE *out, const char *out_name, ExportFormat f, const Model *m,
                 const char *sentence, Lang lang, char *err, size_t errlen)
{
    Trace plain = { 0 }, causal = { 0 }, two = { 0 };
    ExportPasses ps = { &plain, &causal, NULL, NULL };
    int status = -1;
    if (export_pass(m, sentence, MASK_NONE, 1, lang, &plain, LANG_PICK(lang, "one head", "一个头"),
                    err, errlen) != 0 ||
        export_pass(m, sentence, MASK_CAUSAL, 1, lang, &causal, LANG_PICK(lang, "causal mask", "因果掩码"),
                    err, errlen) != 0)
        goto done;
    if (m->d % 2 == 0) {
        if (export_pass(m, sentence, MASK_NONE, 2, lang, &two, LANG_PICK(lang, "two heads", "两个头"),
                        err, errlen) != 0)
            goto done;
        ps.two_heads = &two;
    }
    if (m->answers_count > 0)
        ps.readout = m->heads == 2 && ps.two_heads ? ps.two_heads : ps.plain;
    int e = export_to(out, f, &ps);
    if (e != 0) {
        snprintf(err, errlen, LANG_PICK(lang, "cannot write to %s: %s", "写不进%s：%s"), out_name,
                 lang_strerror(lang, e).text);
        goto done;
    }
    status = 0;
done:
    engine_free(&plain);
    engine_free(&causal);
    engine_free(&two);
    return status;
}
