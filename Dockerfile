# syntax=docker/dockerfile:1
# Porthole for an in-cluster install (deploy/): Next.js standalone output on node:20-bookworm-slim,
# run as a non-root user from a root-owned, read-only tree. Build: docker build -t porthole .

# 1. Dependencies (better-sqlite3, used by the embedded cluster in development, compiles from source).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The production build, with `output: 'standalone'` (next.config.ts turns it on for PORTHOLE_STANDALONE=1).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 PORTHOLE_STANDALONE=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node node_modules/next/dist/bin/next build

# 3. The runtime: server.js with only the traced node_modules, plus static files and public/ next to it.
FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PORTHOLE_HOST=0.0.0.0 \
    PORTHOLE_IN_CLUSTER=1 \
    PORTHOLE_CLUSTER_SOURCE=in-cluster
RUN groupadd --system --gid 10001 porthole \
 && useradd --system --uid 10001 --gid porthole --no-create-home --shell /usr/sbin/nologin porthole
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# Next's cache directory is the only place it writes; in the cluster it is an emptyDir (readOnlyRootFilesystem).
RUN mkdir -p /app/.next/cache && chown porthole:porthole /app/.next/cache
USER 10001:10001
EXPOSE 3000
CMD ["node", "server.js"]
