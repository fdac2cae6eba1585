/*
 * bigchess.h - the bigchess rules library: Chad, Grand Chess and Hadean
 * Chess.  No I/O, no global mutable state; every function is reentrant.
 */
#ifndef BIGCHESS_H
#define BIGCHESS_H

#include "error.h"
#include "explain.h"
#include "game.h"
#include "mate.h"
#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "position.h"
#include "random.h"
#include "text.h"
#include "variant.h"

#define BIGCHESS_VERSION "0.1.0"

#endif
