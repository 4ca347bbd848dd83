#!/bin/sh
# The NayaCompare partner API with curl, from your server.
#   NAYACOMPARE_SECRET_KEY=sk_… [NAYACOMPARE_API=https://nayacompare.lk] sh curl.sh
# 1. offers for an amount and term, 2. an application for a visitor who
# consented on your page (application.json: a sample applicant), 3. its
# status, 4. today's statistics. Any error answer stops the script.
set -eu

: "${NAYACOMPARE_SECRET_KEY:?set NAYACOMPARE_SECRET_KEY to your secret key (sk_...)}"
API="${NAYACOMPARE_API:-https://nayacompare.lk}/api/partner/v1"
AUTH="Authorization: Bearer $NAYACOMPARE_SECRET_KEY"
HERE="$(dirname "$0")"

echo "# Offers for Rs. 50,000 over 91 days"
curl --silent --show-error --fail-with-body -H "$AUTH" \
  "$API/offers?amount=50000&term=91&lang=en"
echo

echo "# An application"
lead=$(curl --silent --show-error --fail-with-body -H "$AUTH" \
  -H "Content-Type: application/json" --data-binary "@$HERE/application.json" \
  "$API/leads?lang=en")
echo "$lead"
lead_id=$(printf '%s' "$lead" | sed -n 's/.*"leadId":"\([A-Za-z0-9_-]*\)".*/\1/p')

echo "# Its status"
curl --silent --show-error --fail-with-body -H "$AUTH" "$API/leads/$lead_id"
echo

echo "# Today's statistics (Colombo time)"
today=$(TZ=Asia/Colombo date +%Y-%m-%d)
curl --silent --show-error --fail-with-body -H "$AUTH" \
  "$API/stats?from=$today&to=$today"
echo
