#!/usr/bin/env bash
# Runs the server suite (SQLite) and the journeys whose subject is time with the whole process tree's clock set by
# libfaketime (Debian's `faketime`) to the hours where Madrid's night rule (06:00 to 06:00) is easiest to get wrong.
# Each instant starts the clock there and lets it run (the same offset from the real clock in every process);
# monotonic clocks stay real, so timers and timeouts behave.
#
#   npm run test:any-hour                      every instant, server suite and time journeys
#   npm run test:any-hour -- server            the server suite only
#   npm run test:any-hour -- journeys          the time journeys only
#   ANY_HOUR_ONLY="Saturday 05:59" npm run test:any-hour   one instant (by its label, or its UTC time)
#
# It needs a built web app for the journeys (`npm run build`) and installs faketime with apt when it is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

what="${1:-all}"

# UTC instants, with the Madrid wall clock they are. None lies in the past: the browser keeps its cookies by the
# real clock, so a session the faked server gives out weeks before the real date has already expired there (the
# journeys would all meet "Inicia sesión"). So the weekend is the coming one, New Year's Eve this year's, and the
# clock changes the next ones (move them on once they have passed).
madrid_to_utc() { date -u -d "TZ=\"Europe/Madrid\" $1" "+%F %T"; }
friday=$(date -d 'TZ="Europe/Madrid" next friday 12:00' +%F)
saturday=$(date -d "$friday + 1 day" +%F)
sunday=$(date -d "$friday + 2 days" +%F)
monday=$(date -d "$friday + 3 days" +%F)
INSTANTS=(
  "$(madrid_to_utc "$friday 23:59")|Friday 23:59"
  "$(madrid_to_utc "$saturday 04:00")|Saturday 04:00"
  "$(madrid_to_utc "$saturday 05:59")|Saturday 05:59"
  "$(madrid_to_utc "$sunday 06:01")|Sunday 06:01"
  "$(madrid_to_utc "$monday 05:55")|Monday 05:55, the weekend's last minutes"
  "2027-10-31 01:30:00|the clocks go back: the second 02:30 (CET), last Sunday of October"
  "2027-03-28 01:30:00|the clocks go forward: 03:30 CEST, an hour after 02:00 CET became 03:00, last Sunday of March"
  "$(madrid_to_utc "$(date +%Y)-12-31 23:59")|New Year's Eve 23:59"
)

# The journeys that are about time: catalogue filters, the assistant, search, dashboards and night rules,
# reminders and notifications, door windows, wall windows.
TIME_JOURNEYS=(
  catalogue.e2e.ts
  discovery.e2e.ts
  assistant.e2e.ts
  search.e2e.ts
  ceo-night-rules.e2e.ts
  promoters.e2e.ts
  notifications.e2e.ts
  door.e2e.ts
  wall.e2e.ts
)

if ! command -v faketime >/dev/null; then
  as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends faketime
fi

results=()
status=0
for entry in "${INSTANTS[@]}"; do
  instant="${entry%%|*}"
  label="${entry#*|}"
  if [ -n "${ANY_HOUR_ONLY:-}" ] && [[ "$instant|$label" != *"$ANY_HOUR_ONLY"* ]]; then continue; fi
  run() {
    local name="$1"
    shift
    local started=$SECONDS
    printf '\n\033[1m==> %s at %s UTC (%s)\033[0m\n' "$name" "$instant" "$label"
    # An offset from the real clock rather than "@instant": with "@" every process starts its clock at the instant
    # when it starts, so the test workers (started after the server) ran behind it, enough to put a notification
    # made at 00:00:10 on the day after the page's "today" when the run starts at 23:59.
    local offset=$(($(date -u -d "$instant" +%s) - $(date +%s)))
    if TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$(printf '%+d' "$offset")" "$@"; then
      results+=("pass  $name  $instant UTC  $label  ($((SECONDS - started)) s)")
    else
      results+=("FAIL  $name  $instant UTC  $label  ($((SECONDS - started)) s)")
      status=1
    fi
  }
  if [ "$what" = all ] || [ "$what" = server ]; then
    run "server suite (SQLite)" env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --project server --maxWorkers=100% --no-isolate
  fi
  if [ "$what" = all ] || [ "$what" = journeys ]; then
    run "time journeys" npx vitest run --project e2e "${TIME_JOURNEYS[@]}"
  fi
done

printf '\n\033[1m==> test:any-hour\033[0m\n'
printf '%s\n' "${results[@]}"
exit $status
