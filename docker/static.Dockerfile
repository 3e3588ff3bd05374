# One micro-frontend (the shell or a remote) as its own image: built here, served by shell/server/serve-static.ts.
# Build from the repo root: docker build -f docker/static.Dockerfile --build-arg APP=mf-kb --build-arg PORT=3102 .
# The Bun of package.json's packageManager (tooling/src/bun-version.test.ts keeps them equal).
ARG BUN_VERSION=1.4.5
ARG APP
ARG PORT

FROM oven/bun:${BUN_VERSION} AS build
ARG APP
WORKDIR /app
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
RUN test -n "$APP" || (echo "build-arg APP is required (shell, mf-tickets, mf-kb or mf-admin)" >&2; exit 1)
# The app plus the workspace packages it builds from, each with its own dependencies (isolated linker).
RUN bun install --frozen-lockfile --ignore-scripts \
      --filter "@helpdesk/${APP}" --filter '@helpdesk/shared-ui' --filter '@helpdesk/contracts' \
      --filter '@helpdesk/tooling'
COPY tsconfig.base.json ./
COPY tooling tooling
COPY contracts contracts
COPY shared-ui shared-ui
# The static server every image runs (the shell's own, which serves a remote's build just as well).
COPY shell/server shell/server
COPY ${APP} ${APP}
WORKDIR /app/${APP}
# rsbuild's shebang asks for node; --bun runs it on Bun, so the image needs no Node.js.
RUN NODE_ENV=production bun --bun run build

FROM oven/bun:${BUN_VERSION}-slim
ARG APP
ARG PORT
WORKDIR /srv
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT}
COPY --from=build /app/${APP}/dist ./dist
COPY --from=build /app/shell/server ./shell/server
USER bun
EXPOSE ${PORT}
CMD ["sh", "-c", "exec bun shell/server/serve-static.ts dist \"$PORT\""]
