// The container's health check (Dockerfile HEALTHCHECK): asks this process's /health/live, on PORT
// for the API, on HEALTH_PORT for a worker (ROLE=worker serves no HTTP without it). Exit 0: healthy.
const port = process.env.ROLE === 'worker' ? process.env.HEALTH_PORT : process.env.PORT || '3000';
if (!port) {
  console.error('ROLE=worker without HEALTH_PORT: the worker serves no probe to ask');
  process.exit(1);
}
fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(3000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
