# syntax=docker/dockerfile:1

# ---- build: compile TypeScript with dev dependencies available ----
FROM node:20.18.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install with the lockfile, not npm ci: see scripts/ensure.sh (the lockfile omits other platforms' optional packages).
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
# The sample-library generator is not product code, but scripts/stack.ts (compiled with the rest) imports it.
COPY samples ./samples
# tsconfig.build.json compiles only src, scripts and samples, without *.test.ts (tests import test/fixtures,
# which is not copied); rootDir is "." so output lands in dist/src/... and dist/scripts/...
COPY issuers ./issuers
# SQL migrations and the issuer recipes (YAML) are not compiled; copy them where the compiled code looks for them
# (the recipes beside dist/src, as issuers/ is beside src/).
RUN npx tsc -p tsconfig.build.json --outDir dist \
 && mkdir -p dist/src/db \
 && cp -r src/db/migrations dist/src/db/migrations \
 && cp -r issuers dist/issuers

# ---- runtime: production deps + system tools for document handling ----
FROM node:20.18.0-bookworm-slim AS runtime
# chromium prints factsheet PDFs (in the worker) in Liberation Sans; poppler-utils (pdftotext etc.) reads PDFs.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation2 poppler-utils \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PUPPETEER_SKIP_DOWNLOAD=1 \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The mount points of docker-compose.yml's named volumes (library, data folder): a new volume takes their owner, so
# the unprivileged user can write to it.
RUN mkdir -p /library /data && chown node:node /library /data
# Run unprivileged (the base image ships a `node` user).
USER node
EXPOSE 8080
# For the API; compose gives the worker a check of its own and disables it for the migrate job.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:8080/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/src/api/server.js"]
