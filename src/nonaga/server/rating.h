/*
 * rating.h - Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2
 * system", 2013), as the large online chess servers rate their players.
 * Each finished game is one rating period for both players.  Pure
 * arithmetic: no state, no I/O.
 */
#ifndef NONAGA_RATING_H
#define NONAGA_RATING_H

typedef struct rating {
	double r;     /* rating, 1500 for a new player */
	double rd;    /* rating deviation, 350 for a new player */
	double vol;   /* volatility, 0.06 for a new player */
} rating;

#define RATING_TAU 0.5   /* the system constant: how fast volatility moves */

/* A new player's rating: 1500, deviation 350, volatility 0.06. */
rating rating_new(void);

/* The rating after one period in which `me' played n games against opp[i]
 * with score[i] (1 a win, 0.5 a draw, 0 a loss); n may be 0 (the deviation
 * then grows).  The deviation never exceeds a new player's. */
rating rating_update(rating me, int n, const rating *opp, const double *score,
                     double tau);

#endif
