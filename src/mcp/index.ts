/** What other modules may use from mcp/: everything else in the folder is its own. */
export { McpModule } from './mcp.module';
export { MCP_PATH } from './mcp-http.routes';
