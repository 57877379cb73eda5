# syntax=docker/dockerfile:1
# The app image: `docker build -t delegate-chat .`, then run it with DATABASE_URL, AUTH_SECRET and
# APP_ENCRYPTION_KEY (see docs/deployment.md and compose.yaml). Migrations run on every start
# (scripts/start.ts, under PostgreSQL's advisory lock, so several replicas may start at once).

# Node.js 24: its AsyncLocalStorage (which Next.js and LangChain enter around every request and
# step) no longer runs a hook per promise — a streamed answer makes thousands — and its V8 is newer,
# so the same build answers with less server CPU than on Node.js 20 (figures: bench/README.md).
FROM node:24-slim AS deps
WORKDIR /app
# `npm ci` runs the postinstall (`prisma generate`), which needs the schema.
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    # Docker sets HOSTNAME to the container id; listen on every interface instead.
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/.data
# What the start script runs: the built app, its server (scripts/server.ts compiled to plain
# JavaScript in dist/ by `npm run build`), the migrations and lib/ (the PDF worker is read from
# there), with production dependencies only.
COPY --from=build --chown=node:node /app/package.json /app/tsconfig.json /app/next.config.ts ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/.next .next
COPY --from=build --chown=node:node /app/dist dist
COPY --from=build --chown=node:node /app/public public
COPY --from=build --chown=node:node /app/prisma prisma
COPY --from=build --chown=node:node /app/scripts scripts
COPY --from=build --chown=node:node /app/lib lib
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1's child (compose `init: true` or `docker run --init`): SIGTERM reaches
# the start script, which lets running answers finish (RUN_SHUTDOWN_GRACE_SECONDS) before exiting.
# dist/start.mjs is scripts/start.ts compiled by `npm run build`: no process here runs tsx.
CMD ["node", "dist/start.mjs"]
