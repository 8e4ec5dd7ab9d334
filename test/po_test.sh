#!/bin/sh
# po_test.sh - the message catalogs are complete and current: po/nonaga.pot
# holds exactly the msgids of the sources, each catalog translates every
# one of them (no untranslated or fuzzy message, msgfmt -c clean), and
# po/en.po is the identity.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness po
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The template, regenerated from the sources by the Makefile's own rule.
if env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory \
	pot POT="$tmp/fresh.pot" >"$tmp/make.out" 2>&1 && [ -s "$tmp/fresh.pot" ]; then
	ok
else
	no "make pot failed: $(cat "$tmp/make.out")"
fi
# Same msgids both ways (msgcmp -N ignores the order; untranslated counts).
if msgcmp --use-untranslated po/nonaga.pot "$tmp/fresh.pot" 2>"$tmp/err1" &&
   msgcmp --use-untranslated "$tmp/fresh.pot" po/nonaga.pot 2>"$tmp/err2"; then
	ok
else
	no "po/nonaga.pot is stale; run 'make pot' and 'make update-po':"
	cat "$tmp/err1" "$tmp/err2" >&2 2>/dev/null
fi

for lang in ja en; do
	po=po/$lang.po
	# Every msgid of the template is translated in the catalog.
	if msgcmp "$po" po/nonaga.pot 2>"$tmp/err"; then
		ok
	else
		no "$po lacks translations of the template's messages:"
		cat "$tmp/err" >&2
	fi
	# msgfmt -c accepts it and finds nothing untranslated or fuzzy.
	if msgfmt -c --statistics -o "$tmp/$lang.mo" "$po" 2>"$tmp/stat"; then
		ok
	else
		no "msgfmt -c $po: $(cat "$tmp/stat")"
	fi
	if grep -q translated "$tmp/stat" && ! grep -Eq 'untranslated|fuzzy' "$tmp/stat"; then
		ok
	else
		no "$po: $(cat "$tmp/stat")"
	fi
done

# en.po: each msgstr is its msgid (a plural form past the first, the plural msgid).
msgexec -i po/en.po sh -c '[ -z "$MSGEXEC_MSGID" ] && exit 0
	id=$MSGEXEC_MSGID; [ "${MSGEXEC_PLURAL_FORM:-0}" -gt 0 ] && id=$MSGEXEC_MSGID_PLURAL
	cat > "$0/str"; printf "%s" "$id" > "$0/id"
	cmp -s "$0/str" "$0/id" || printf "%s\n" "$MSGEXEC_MSGID"' "$tmp" > "$tmp/differ" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -s "$tmp/differ" ] && [ ! -s "$tmp/err" ]; then
	ok
else
	no "po/en.po: msgstr differs from msgid for: $(cat "$tmp/differ" "$tmp/err")"
fi

finish
