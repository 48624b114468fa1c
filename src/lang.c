/* lang.c — the system's error texts (errno) in the program's two languages.
 * Owns: the Chinese text of each errno a user can meet on files and terminals.
 * Must not touch: the locale (glibc's zh_CN data may be missing), any global state. */
#include "lang.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- Chinese texts */

/* Every errno the program can pass on from a file, a pipe or a terminal, in Chinese. */
static const struct {
    int errnum;         /* the errno value */
    const char *zh;     /* its Chinese text */
} lang_errors_zh[] = {
    { ENOENT,       "没有这个文件或目录" },
    { EACCES,       "没有权限" },
    { EPERM,        "不允许这样操作" },
    { EISDIR,       "这是一个目录" },
    { ENOTDIR,      "路径中有一段不是目录" },
    { ENOSPC,       "磁盘空间不足" },
    { EDQUOT,       "超出了磁盘配额" },
    { EFBIG,        "文件太大（超出了文件大小的上限）" },
    { EEXIST,       "文件已存在" },
    { ELOOP,        "符号链接的层数太多" },
    { EROFS,        "文件系统是只读的" },
    { ENAMETOOLONG, "文件名太长" },
    { EMFILE,       "这个程序打开的文件太多" },
    { ENFILE,       "系统里打开的文件太多" },
    { EIO,          "输入输出错误" },
    { ENOMEM,       "内存不足" },
    { ENXIO,        "没有这个设备或地址（管道的另一头没人读）" },
    { ETXTBSY,      "文件正在被执行，不能写入" },
    { EBUSY,        "设备或资源正忙" },
    { EINVAL,       "参数无效" },
    { EPIPE,        "管道已断开（读的一方已经关闭）" },
    { EAGAIN,       "资源暂时不可用，请再试一次" },
    { EINTR,        "操作被信号打断" },
    { ENOTTY,       "不是终端" },
    { EBADF,        "文件描述符无效（可能已经关闭）" },
    { ESPIPE,       "不能在管道上定位" },
    { EXDEV,        "不能跨文件系统改名" },
    { ENODEV,       "没有这个设备" },
    { ENOTEMPTY,    "目录不是空的" },
    { EMLINK,       "链接太多" },
    { EOVERFLOW,    "数值太大，装不下" },
    { ERANGE,       "结果超出范围" },
    { EILSEQ,       "无效的多字节字符" },
    { ENOSYS,       "系统不支持这个功能" },
    { EOPNOTSUPP,   "不支持这个操作" },
    { ESTALE,       "文件句柄已失效（网络文件系统）" },
    { ETIMEDOUT,    "连接超时" },
    { ECONNRESET,   "连接被对方重置" },
    { ENOLCK,       "没有可用的锁" },
    { ENOBUFS,      "缓冲区空间不足" },
    { EDEADLK,      "会造成死锁" },
    { E2BIG,        "参数列表太长" },
};

#define LANG_ERRORS_ZH (sizeof lang_errors_zh / sizeof lang_errors_zh[0])

/* The Chinese text of errnum, or NULL when it has none of its own. */
static const char *lang_error_zh(int errnum)
{
    for (size_t i = 0; i < LANG_ERRORS_ZH; i++)
        if (lang_errors_zh[i].errnum == errnum)
            return lang_errors_zh[i].zh;
    return NULL;
}

/* ---------------------------------------------------------------- the one entry */

LangError lang_strerror(Lang lang, int errnum)
{
    LangError e;
    if (lang != LANG_ZH) {
        snprintf(e.text, sizeof e.text, "%s", strerror(errnum));
        return e;
    }
    const char *zh = lang_error_zh(errnum);
    if (zh)
        snprintf(e.text, sizeof e.text, "%s", zh);
    else
        snprintf(e.text, sizeof e.text, "系统错误（errno %d）", errnum);
    return e;
}
