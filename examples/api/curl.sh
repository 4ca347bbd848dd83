#!/bin/sh
# The NayaCompare partner API with curl, from your server.
#   NAYACOMPARE_SECRET_KEY=sk_… [NAYACOMPARE_API=https://nayacompare.lk] sh curl.sh
# 1. offers for an amount and term, 2. an application for a visitor who
# consented on your page (application.json: a sample applicant), for which
# we text the applicant a six-digit code, 3. the code, which your page asks
# the applicant for (here the script asks you, on its standard input), 4.
# the lead's status, 5. today's statistics. Any error answer stops the script.
set -eu

: "${NAYACOMPARE_SECRET_KEY:?set NAYACOMPARE_SECRET_KEY to your secret key (sk_...)}"
API="${NAYACOMPARE_API:-https://nayacompare.lk}/api/partner/v1"
AUTH="Authorization: Bearer $NAYACOMPARE_SECRET_KEY"
HERE="$(dirname "$0")"

echo "# Offers for Rs. 50,000 over 91 days"
curl --silent --show-error --fail-with-body -H "$AUTH" \
  "$API/offers?amount=50000&term=91&lang=en"
echo

echo "# An application: a six-digit code goes to the applicant by SMS"
lead=$(curl --silent --show-error --fail-with-body -H "$AUTH" \
  -H "Content-Type: application/json" --data-binary "@$HERE/application.json" \
  "$API/leads?lang=en")
echo "$lead"
lead_id=$(printf '%s' "$lead" | sed -n 's/.*"leadId":"\([A-Za-z0-9_-]*\)".*/\1/p')

# Your page asks the applicant for the code (autocomplete="one-time-code");
# a new one: POST $API/leads/$lead_id/verification/resend, from verification.resendAt on.
printf 'The code the applicant received by SMS: ' >&2
read -r code
case "$code" in
  [0-9][0-9][0-9][0-9][0-9][0-9]) ;;
  *) echo "The code is six digits." >&2; exit 1 ;;
esac

echo "# The code: the lead is verified; its offers, and the link to send the visitor to"
curl --silent --show-error --fail-with-body -H "$AUTH" \
  -H "Content-Type: application/json" --data-binary "{\"code\":\"$code\"}" \
  "$API/leads/$lead_id/verification?lang=en"
echo

echo "# Its status"
curl --silent --show-error --fail-with-body -H "$AUTH" "$API/leads/$lead_id"
echo

echo "# Today's statistics (Colombo time)"
today=$(TZ=Asia/Colombo date +%Y-%m-%d)
curl --silent --show-error --fail-with-body -H "$AUTH" \
  "$API/stats?from=$today&to=$today"
echo
