#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded offline (see
# scripts/prisma-generate.mjs). Migrations run through the WebAssembly engine instead.
echo "Prisma's native schema engine is not installed here. Use npm run db:migrate (apply) or npm run db:migration -- <name> (create)." >&2
exit 1
