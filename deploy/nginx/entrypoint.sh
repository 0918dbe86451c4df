#!/bin/sh
# Renders /etc/nginx/front.conf.template (only its ${FRONT_*} placeholders) and runs nginx in
# the foreground. FRONT_UPSTREAMS: comma-separated host:port of the app instances.
set -eu
for name in FRONT_CACHE_SECONDS FRONT_MEDIA_CACHE_SECONDS; do
  eval "seconds=\${$name:-}"
  case "$seconds" in
    ''|*[!0-9]*|0) echo "$name must be a whole number of seconds (1 or more), not '$seconds'" >&2; exit 1 ;;
  esac
done
servers=""
for upstream in $(printf '%s' "$FRONT_UPSTREAMS" | tr ',' ' '); do
  servers="$servers server $upstream max_fails=1 fail_timeout=2s;"
done
[ -n "$servers" ] || { echo "FRONT_UPSTREAMS is empty" >&2; exit 1; }
export FRONT_UPSTREAM_SERVERS="$servers"
mkdir -p "$FRONT_STATE_DIR"
rm -f "$FRONT_STATE_DIR/compress.sock" # left by a killed nginx
envsubst '${FRONT_USER} ${FRONT_STATE_DIR} ${FRONT_ERROR_LOG} ${FRONT_ACCESS_LOG} ${FRONT_LISTEN} ${FRONT_UPSTREAM_SERVERS} ${FRONT_CACHE_SECONDS} ${FRONT_MEDIA_CACHE_SECONDS} ${FRONT_CACHE_MAX_SIZE}' \
  < /etc/nginx/front.conf.template > /etc/nginx/front.conf
nginx -t -c /etc/nginx/front.conf -q
exec nginx -c /etc/nginx/front.conf
