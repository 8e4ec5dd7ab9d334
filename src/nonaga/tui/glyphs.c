/*
 * glyphs.c - the one table of what the screen draws with.
 *
 * Every Unicode glyph here has East Asian Width "N" (neutral), so terminals
 * that draw ambiguous-width characters two columns wide (common with
 * Japanese, Chinese and Korean fonts) still give each of them one column:
 * no U+25CF BLACK CIRCLE, U+25CB WHITE CIRCLE, U+25C6 BLACK DIAMOND, arrows
 * or the middle dot.  The tokens differ in shape (a round fisheye against a
 * square) as well as in colour, for monochrome terminals and colour-blind
 * players; in ASCII they are '@' and '#', which differ in shape too.
 *
 * At the larger scales a disc is outlined as a hexagon; the box-drawing
 * characters (U+2571, U+2500, ...) are ambiguous, so the outline is made
 * of neutral ones: the mathematical diagonals (U+27CB, U+27CD), the scan
 * lines (U+23BA, U+23BD) and the vertical box lines (U+23B8, U+23B9).
 * The last move's cells carry dots beside them, and the cell a disc was
 * taken from shows a dotted square (in ASCII: '.' marks and '_').
 */
#include "ui.h"

static const glyphs unicode = {
	.disc = "\u2b21",               /* WHITE HEXAGON */
	.token = { "\u25c9",            /* FISHEYE (red) */
	           "\u25fc" },          /* BLACK MEDIUM SQUARE (blue) */
	.lock = "\u2298",               /* CIRCLED DIVISION SLASH */
	.target = "\u25e6",             /* WHITE BULLET */
	.sel = { "\u2039", "\u203a" },  /* single angle quotation marks */
	.cur = { "[", "]" },
	.chosen = { "(", ")" },
	.win = { "*", "*" },
	.last = { ".", "." },
	.hint = { "!", "!" },
	.gone = "\u2b1a",                /* DOTTED SQUARE */
	.hex = { "\u27cb", "\u23ba", "\u27cd",   /* top: / - \ */
	         "\u23b8", "\u23b9",             /* sides */
	         "\u27cd", "\u23bd", "\u27cb" }, /* bottom: \ _ / */
	.sep = " \u2219 ",              /* BULLET OPERATOR */
	.ellipsis = "\u22ef",           /* MIDLINE HORIZONTAL ELLIPSIS */
	.more_up = "\u25b4",            /* small triangles */
	.more_down = "\u25be",
	.more_left = "\u25c2",
	.more_right = "\u25b8",
	.level_less = "\u25c2",
	.level_more = "\u25b8",
	/* LOWER ONE EIGHTH BLOCK .. FULL BLOCK */
	.bar = { " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585",
	         "\u2586", "\u2587", "\u2588" },
};

static const glyphs ascii = {
	.disc = "o",
	.token = { "@", "#" },
	.lock = "x",
	.target = "+",
	.sel = { "<", ">" },
	.cur = { "[", "]" },
	.chosen = { "(", ")" },
	.win = { "*", "*" },
	.last = { ".", "." },
	.hint = { "!", "!" },
	.gone = "_",
	.hex = { "/", "-", "\\", "|", "|", "\\", "_", "/" },
	.sep = " | ",
	.ellipsis = "~",
	.more_up = "^",
	.more_down = "v",
	.more_left = "<",
	.more_right = ">",
	.level_less = "<",
	.level_more = ">",
	.bar = { " ", "_", "_", "-", "-", "=", "=", "X", "X" },
};

const glyphs *G = &ascii;

void glyphs_init(int utf8)
{
	G = utf8 ? &unicode : &ascii;
}
