/* view.c — the view table, one row per VIEW_LIST entry: a missing view is a link error.
 * Owns: looking a view up. Must not touch: any view's insides. */
#include "view.h"

#define VIEW_EXTERN(id, name) extern const ViewOps view_##name;
VIEW_LIST(VIEW_EXTERN)
#undef VIEW_EXTERN

static const ViewOps *const view_table[VIEW_COUNT] = {
#define VIEW_ROW(id, name) [VIEW_##id] = &view_##name,
    VIEW_LIST(VIEW_ROW)
#undef VIEW_ROW
};

const ViewOps *view_ops(ViewId id)
{
    if ((int)id < 0 || id >= VIEW_COUNT)
        id = VIEW_DEFAULT;
    return view_table[id];
}
