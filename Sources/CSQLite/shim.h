// The C API of SQLite 3 (with FTS5), as installed by scripts/setup.sh (pkg-config: sqlite3).
// Only the SpotlightIndex module imports this.
#pragma once
#include <sqlite3.h>
