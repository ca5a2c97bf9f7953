import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { modeOfApiKey } from '../auth';
import { HttpApiCaller } from './http-api-caller';
import { loadCatalogue } from './api-document';
import { createMcpServer } from './mcp-server';
import { HttpUrlDownloads } from './url-download';

/**
 * `npm run --silent mcp`: the MCP server over stdio, for an agent on this machine. It is a client of
 * the API like any other, at SPS_API_URL with SPS_API_KEY: a test key keeps the agent in its sandbox.
 * It reads the API document from the service as it starts, so the service must answer then.
 * stdout carries the protocol alone; anything for people goes to stderr.
 */
async function main(): Promise<void> {
  const baseUrl = process.env.SPS_API_URL ?? 'http://localhost:3000';
  const apiKey = process.env.SPS_API_KEY ?? '';
  const mode = modeOfApiKey(apiKey);
  if (!mode) {
    process.stderr.write(
      'SPS_API_KEY must be an API key of the service: sps_test_… (a test key: the sandbox) or sps_… (a live key)\n',
    );
    process.exit(1);
  }
  const caller = new HttpApiCaller(baseUrl, apiKey);
  const catalogue = await loadCatalogue(caller);
  const server = createMcpServer(
    catalogue.tools,
    catalogue.docs,
    { caller, mode, downloads: new HttpUrlDownloads(), transportRequests: 0 },
    catalogue.version,
  );
  await server.connect(new StdioServerTransport());
  process.stderr.write(`MCP server on stdio, for the API at ${baseUrl} with a ${mode} key\n`);
}

main().catch((error: unknown) => {
  // fetch says only "fetch failed"; its cause says why (ECONNREFUSED, ENOTFOUND, a certificate).
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The MCP server did not start: ${message}${cause}\n`);
  process.exit(1);
});
