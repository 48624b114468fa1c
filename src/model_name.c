/* model_name.c — installed models by name (model_name.h).
 * Owns: looking beside the binary and in the data directory. Must not touch: the model's
 * contents, the terminal, any global state. */
#include "model_name.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "text.h"

#ifndef ATTN_DATADIR
#define ATTN_DATADIR "/usr/local/share/attn-tui"
#endif

#define MODEL_SUFFIX ".model"

const char *model_name_datadir(void)
{
    return ATTN_DATADIR;
}

bool model_name_is_installed(const char *arg)
{
    size_t n = strlen(arg), s = strlen(MODEL_SUFFIX);
    return n > 0 && !strchr(arg, '/') && !(n >= s && strcmp(arg + n - s, MODEL_SUFFIX) == 0);
}

/* The directory of the running binary into dir (cap bytes), or "" when /proc does not say. */
static void binary_dir(char *dir, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", dir, cap - 1);
    dir[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        dir[0] = '\0';
}

/* True when dir/name.model is a regular file; its path into path. */
static bool found_in(const char *dir, const char *name, char *path, size_t cap)
{
    struct stat st;
    if (!dir[0] || (size_t)snprintf(path, cap, "%s/%s%s", dir, name, MODEL_SUFFIX) >= cap)
        return false;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int model_name_resolve(const char *arg, char *path, size_t cap, Lang lang, char *err, size_t errlen)
{
    if (!model_name_is_installed(arg)) {
        if ((size_t)snprintf(path, cap, "%s", arg) >= cap) {
            snprintf(err, errlen, "%s", LANG_PICK(lang, "the path is too long", "路径太长"));
            return -1;
        }
        return 0;
    }
    char dir[MODEL_NAME_PATH_BYTES], assets[MODEL_NAME_PATH_BYTES + 8];
    binary_dir(dir, sizeof dir);
    snprintf(assets, sizeof assets, "%s/assets", dir);   /* ./attn-tui in a clone: assets/ */
    if (found_in(dir, arg, path, cap) || (dir[0] && found_in(assets, arg, path, cap)) ||
        found_in(ATTN_DATADIR, arg, path, cap))
        return 0;
    char shown[256], shown_dir[512];
    text_escape(arg, shown, sizeof shown);
    text_escape(dir[0] ? dir : "?", shown_dir, sizeof shown_dir);
    text_format(err, errlen, LANG_PICK(lang, "no installed model \"%s\": looked for %s.model in %s (and its "
                                       "assets/) and in %s (a file in this directory is ./%s)",
                                       "没有安装名为「%s」的模型：找过 %s.model，在 %s（和它的 assets/）和 %s 里"
                                       "（当前目录的文件要写成 ./%s）"),
                shown, shown, shown_dir, ATTN_DATADIR, shown);
    return -1;
}
