/*
 * rating_test.c - Glicko-2 (src/nonaga/server/rating.c) against the worked
 * example of Glickman's paper, and the properties the server relies on.
 */
#include "rating.c"
#include "tap.h"
#include <math.h>

static int near(double a, double b, double tol) { return fabs(a - b) <= tol; }

int main(void)
{
	/* The paper: a 1500/200 player (volatility 0.06, tau 0.5) beats a
	 * 1400/30 player and loses to 1550/100 and 1700/300. */
	rating me = { 1500, 200, 0.06 };
	rating opp[3] = { { 1400, 30, 0.06 }, { 1550, 100, 0.06 }, { 1700, 300, 0.06 } };
	double score[3] = { 1, 0, 0 };
	rating out = rating_update(me, 3, opp, score, RATING_TAU);
	/* The paper rounds its intermediate values to four places and gets
	 * 1464.06 / 151.52 / 0.05999; unrounded arithmetic gives 1464.0507 /
	 * 151.5165 / 0.059996.  Both are checked. */
	CHECK(near(out.r, 1464.06, 0.01), "rating %.4f, want 1464.06", out.r);
	CHECK(near(out.rd, 151.52, 0.01), "deviation %.4f, want 151.52", out.rd);
	CHECK(near(out.vol, 0.05999, 0.00001), "volatility %.6f, want 0.05999", out.vol);
	CHECK(near(out.r, 1464.0507, 0.0001), "rating %.6f, want 1464.0507", out.r);
	CHECK(near(out.rd, 151.5165, 0.0001), "deviation %.6f, want 151.5165", out.rd);
	CHECK(near(out.vol, 0.059996, 0.000001), "volatility %.7f, want 0.059996", out.vol);

	rating a = rating_new();
	CHECK(a.r == 1500 && a.rd == 350 && a.vol == 0.06, "new player %g/%g/%g", a.r, a.rd, a.vol);

	/* One game between two new players: symmetric, the winner gains
	 * what the loser loses, both become surer. */
	rating b = rating_new();
	double win = 1, loss = 0, draw = 0.5;
	rating a2 = rating_update(a, 1, &b, &win, RATING_TAU);
	rating b2 = rating_update(b, 1, &a, &loss, RATING_TAU);
	CHECK(a2.r > 1500 && b2.r < 1500, "winner %.2f loser %.2f", a2.r, b2.r);
	CHECK(near(a2.r - 1500, 1500 - b2.r, 1e-9), "gain %.6f loss %.6f", a2.r - 1500, 1500 - b2.r);
	CHECK(a2.rd < 350 && near(a2.rd, b2.rd, 1e-9), "deviations %.3f %.3f", a2.rd, b2.rd);
	/* Glicko-1 would give +162.3 here; Glicko-2's figure for two new players */
	CHECK(near(a2.r, 1662.31, 0.01), "winner's rating %.4f, want 1662.31", a2.r);

	/* A draw between equals moves neither rating. */
	rating d = rating_update(a, 1, &b, &draw, RATING_TAU);
	CHECK(near(d.r, 1500, 1e-9), "draw between equals: %.6f", d.r);

	/* No game: the deviation grows, capped at a new player's. */
	rating idle = rating_update(out, 0, NULL, NULL, RATING_TAU);
	CHECK(idle.r == out.r && idle.rd > out.rd, "idle %.3f/%.3f from %.3f/%.3f", idle.r,
	      idle.rd, out.r, out.rd);
	rating capped = rating_update(a, 0, NULL, NULL, RATING_TAU);
	CHECK(capped.rd == 350, "a new player's deviation stays at 350: %.3f", capped.rd);

	/* Beating a much stronger player gains more than beating a weaker one. */
	rating strong = { 1900, 50, 0.06 }, weak = { 1100, 50, 0.06 };
	rating up1 = rating_update(a, 1, &strong, &win, RATING_TAU);
	rating up2 = rating_update(a, 1, &weak, &win, RATING_TAU);
	CHECK(up1.r > up2.r && up2.r > 1500, "upset %.2f, expected win %.2f", up1.r, up2.r);
	return tests_done("rating_test");
}
