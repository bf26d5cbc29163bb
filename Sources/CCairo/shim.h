#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H

#include <cairo.h>

#endif
