# syntax=docker/dockerfile:1
# Nocturna's production image. Two stages on the official Node 24 slim image:
#   build  - every dependency (`npm ci`), then `npm run build`: the web app into apps/web/dist and its
#            server renderer into apps/web/dist-ssr.
#   final  - production dependencies only (`npm ci --omit=dev`), the server's TypeScript as is (Node 24 strips
#            the types; there is no compile step), packages/shared, and the built web app from the first stage.
# The image's node is Node 24, so the root dev dependency `node` (which brings Node 24 for npm scripts on older
# machines) is not installed here, and the server starts with `node` directly: `npm start` would run its
# prestart, which builds the web app again.
# Keep the Node version in step with the root dev dependency `node` in package.json.

FROM node:24.21.0-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The web app's own production dependencies stay: dist-ssr/entry-server.js imports react, react-dom and
# react-router from node_modules when the server renders a public page.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages/shared/src packages/shared/src
COPY apps/server/src apps/server/src
# The notifications catalogue: the server writes the push and e-mail copies of a notification in its words.
COPY apps/web/src/i18n/locales apps/web/src/i18n/locales
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# The code stays root's and read-only to the server; only DATA_DIR (SQLite file, local uploads, generated
# secrets when no variable sets them) belongs to the unprivileged `node` user of the official image.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness: /api/health answers 200 while the process and its database answer. No curl in the slim image, so
# Node's own fetch asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/src/main.ts"]
