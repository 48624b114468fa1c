/* model_default.c — the model compiled into the binary (assets/lesson.model).
 * Owns: handing the embedded bytes to the parser. Kept apart from model.c so that
 * the fitting program, which writes that file, links the parser without it. */
#include "model.h"

int model_load_default(Model *out, char *err, size_t errlen)
{
    return model_parse(model_default_text, model_default_len, "assets/lesson.model",
                       out, err, errlen);
}
