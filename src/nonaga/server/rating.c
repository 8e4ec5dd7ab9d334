/*
 * rating.c - Glicko-2 (rating.h).  The steps and their numbers follow
 * Glickman's paper; the volatility is found with the Illinois algorithm
 * of its step 5.
 */
#include "rating.h"
#include <math.h>

#define GLICKO_SCALE 173.7178    /* Glicko-2's scale: 400 / ln 10 */
#define RATING_START 1500.0
#define RD_START 350.0
#define VOL_START 0.06
#define VOL_EPSILON 0.000001

rating rating_new(void)
{
	return (rating){ RATING_START, RD_START, VOL_START };
}

static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double e_of(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5: the new volatility, the root of f by the Illinois algorithm. */
static double new_volatility(double phi, double vol, double v, double delta, double tau)
{
	double a = log(vol * vol), d2 = delta * delta, p2 = phi * phi;
#define F(x) (exp(x) * (d2 - p2 - v - exp(x)) / (2.0 * (p2 + v + exp(x)) * (p2 + v + exp(x))) \
              - ((x) - a) / (tau * tau))
	double A = a, B;
	if (d2 > p2 + v) {
		B = log(d2 - p2 - v);
	} else {
		int k = 1;
		while (F(a - k * tau) < 0 && k < 1000)
			k++;
		B = a - k * tau;
	}
	double fA = F(A), fB = F(B);
	for (int i = 0; i < 100 && fabs(B - A) > VOL_EPSILON; i++) {
		double C = A + (A - B) * fA / (fB - fA), fC = F(C);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2;
		}
		B = C;
		fB = fC;
	}
#undef F
	return exp(A / 2);
}

rating rating_update(rating me, int n, const rating *opp, const double *score, double tau)
{
	double mu = (me.r - RATING_START) / GLICKO_SCALE, phi = me.rd / GLICKO_SCALE;
	if (n <= 0) {   /* no game: only the deviation grows */
		double phi2 = sqrt(phi * phi + me.vol * me.vol) * GLICKO_SCALE;
		me.rd = phi2 < RD_START ? phi2 : RD_START;
		return me;
	}
	double vinv = 0, sum = 0;
	for (int j = 0; j < n; j++) {
		double mu_j = (opp[j].r - RATING_START) / GLICKO_SCALE;
		double phi_j = opp[j].rd / GLICKO_SCALE;
		double g = g_of(phi_j), e = e_of(mu, mu_j, phi_j);
		vinv += g * g * e * (1 - e);
		sum += g * (score[j] - e);
	}
	double v = 1.0 / vinv, delta = v * sum;
	double vol = new_volatility(phi, me.vol, v, delta, tau);
	double phi_star = sqrt(phi * phi + vol * vol);
	double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	double mu_new = mu + phi_new * phi_new * sum;
	rating out = { GLICKO_SCALE * mu_new + RATING_START, GLICKO_SCALE * phi_new, vol };
	if (out.rd > RD_START)
		out.rd = RD_START;
	return out;
}
