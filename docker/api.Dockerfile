# The API: Elysia on Bun. Migrations run before it listens, so a new image upgrades the schema on start;
# the first admin comes from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD when the database has none.
# Build from the repo root: docker build -f docker/api.Dockerfile .

# The Bun of package.json's packageManager (tooling/src/bun-version.test.ts keeps them equal).
ARG BUN_VERSION=1.4.5

FROM oven/bun:${BUN_VERSION} AS deps
WORKDIR /app
# Every workspace manifest is needed: the lockfile covers all of them and a frozen install checks it.
COPY package.json bun.lock bunfig.toml ./
# package.json's patchedDependencies: a frozen install refuses to run without the patch files.
COPY patches patches
COPY contracts/package.json contracts/
COPY shared-ui/package.json shared-ui/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-tickets/package.json mf-tickets/
COPY mf-kb/package.json mf-kb/
COPY mf-admin/package.json mf-admin/
COPY tooling/package.json tooling/
COPY bench/package.json bench/
# Only what the API runs on: no embedded PostgreSQL, no frontend toolchain.
RUN bun install --frozen-lockfile --production --ignore-scripts \
      --filter '@helpdesk/api' --filter '@helpdesk/contracts'

FROM oven/bun:${BUN_VERSION}-slim
WORKDIR /app
ENV NODE_ENV=production \
    API_PORT=3001 \
    ATTACHMENTS_DIR=/data/attachments
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/api/node_modules ./api/node_modules
COPY --from=deps /app/contracts/node_modules ./contracts/node_modules
COPY contracts/package.json contracts/
COPY contracts/src contracts/src
COPY api/package.json api/
COPY api/migrations api/migrations
COPY api/src api/src
COPY api/scripts/container.ts api/scripts/production-database.ts api/scripts/
# A named volume mounted here starts with this owner, so the unprivileged user can write uploads.
RUN mkdir -p /data/attachments && chown bun:bun /data/attachments
USER bun
EXPOSE 3001
# Migrations and the first admin (ADMIN_*), then the API, in one process that receives SIGTERM.
CMD ["bun", "api/scripts/container.ts"]
