/* worksheet_pdf.c — finding and loading the PDF module (attn-tui-pdf.so) for --format pdf:
 * ATTN_PDF_MODULE when set, else the file beside the running program (a build tree), else
 * the one make install put in ATTN_PKGLIBDIR. Loaded once, never unloaded (cairo, pango and
 * fontconfig keep state until exit).
 * Owns: the search and the load. Must not touch: the layout (the module's), the terminal. */
#include "worksheet_pdf.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ATTN_PKGLIBDIR
#define ATTN_PKGLIBDIR "/usr/local/lib/attn-tui"   /* where make install puts the module */
#endif

/* The module at path, its function in *fn: 0, or -1 (not there, or not this program's). */
static int worksheet_pdf_load(const char *path, WorksheetPdfWriteFn *fn)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return -1;
    const int *abi = dlsym(h, "attn_worksheet_pdf_abi");
    void *sym = dlsym(h, WORKSHEET_PDF_SYMBOL);
    if (!abi || *abi != WORKSHEET_PDF_ABI || !sym) {
        dlclose(h);
        return -1;
    }
    memcpy(fn, &sym, sizeof *fn);   /* a function from a data pointer, as dlsym's manual does */
    return 0;
}

/* The directory of the running program into dir ("" when it cannot be read). */
static void worksheet_pdf_exe_dir(char *dir, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    dir[0] = '\0';
    if (n <= 0)
        return;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash && (size_t)(slash - exe) < cap) {
        memcpy(dir, exe, (size_t)(slash - exe));
        dir[slash - exe] = '\0';
    }
}

WorksheetPdfStatus worksheet_pdf_write(const WorksheetPdfDoc *doc, FILE *out, WorksheetPdfPages *pages,
                                       Lang lang, char *err, size_t cap)
{
    WorksheetPdfWriteFn fn = NULL;
    const char *env = getenv("ATTN_PDF_MODULE");
    int found = -1;
    if (env && *env) {
        found = worksheet_pdf_load(env, &fn);
    } else {
        char dir[PATH_MAX], path[PATH_MAX + 64];
        worksheet_pdf_exe_dir(dir, sizeof dir);
        snprintf(path, sizeof path, "%s/%s", dir, WORKSHEET_PDF_MODULE);
        if (dir[0])
            found = worksheet_pdf_load(path, &fn);
        snprintf(path, sizeof path, "%s/%s", ATTN_PKGLIBDIR, WORKSHEET_PDF_MODULE);
        if (found != 0)
            found = worksheet_pdf_load(path, &fn);
    }
    if (found != 0) {
        snprintf(err, cap, LANG_PICK(lang, "--format pdf needs %s, built when pangocairo is installed: "
                                           "apt-get install %s, then make",
                                     "--format pdf 需要 %s，装好 pangocairo 后才会生成：先 apt-get install %s，再 make"),
                 WORKSHEET_PDF_MODULE, WORKSHEET_PDF_PACKAGES);
        return WORKSHEET_PDF_NO_MODULE;
    }
    memset(pages, 0, sizeof *pages);
    return fn(doc, out, pages, err, cap) == 0 ? WORKSHEET_PDF_OK : WORKSHEET_PDF_FAILED;
}
