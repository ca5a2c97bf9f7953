# The service's image: one image for both roles (ROLE=api or ROLE=worker, see docker-compose.yml).
# Build: docker build -t social-publishing .

# --- build: all dependencies, compile TypeScript, then drop the development dependencies ---------
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY migrations ./migrations
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies and the compiled service, run as an unprivileged user ------
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY scripts/healthcheck.js ./scripts/healthcheck.js
# The networks' published contracts, which the emulator holds every sandbox call to (src/contracts).
COPY contracts ./contracts
# The docs the MCP endpoint (/mcp) serves to agents as resources (docs/mcp.md).
COPY docs ./docs
# DATA_DIR (.data) holds local state only when DATABASE_URL or ENCRYPTION_KEY is unset; the user owns it.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.js"]
# node itself, not npm: SIGTERM reaches the service, which drains its requests before stopping.
CMD ["node", "--heap-growing-percent=50", "dist/src/main.js"]
