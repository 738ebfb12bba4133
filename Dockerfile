# syntax=docker/dockerfile:1
# One image for web, worker and scheduler (docker-compose.yml picks the command).

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: "prepare" would run the TypeScript build before the sources are here.
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && rm -rf dist/test dist/bench && npm prune --omit=dev

FROM node:20-slim
ENV NODE_ENV=production
# Virtual screening's docking (use_vina=true) runs Debian's AutoDock Vina (`vina`) and Open Babel (`obabel`),
# the same packages .ci/run installs for the docking tests. Receptors are the operator's: mount a directory of
# <NCBI Gene id>.pdbqt/.box files and point SCREENING_RECEPTORS_DIR at it (docs/modules.md, Virtual screening).
RUN apt-get update \
  && apt-get install -y --no-install-recommends autodock-vina openbabel \
  && rm -rf /var/lib/apt/lists/* \
  && command -v vina && command -v obabel
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Data the service reads at run time: disease modules, knowledge graphs, the corpus, the biomed seed and pins.
COPY --from=build /app/fixtures ./fixtures
# Code stays root-owned and read-only to the service; only the PGlite fallback directory is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8000
CMD ["node", "dist/cli/main.js", "serve"]
