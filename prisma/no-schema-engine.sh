#!/bin/sh
echo "schema engine is not available offline; migrations run through lib/db/migrate.ts" >&2
exit 1
