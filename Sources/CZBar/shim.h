// The C API of ZBar, as installed by scripts/setup.sh (pkg-config: zbar).
// Only the VisionRequests module imports this.
#pragma once
#include <zbar.h>
