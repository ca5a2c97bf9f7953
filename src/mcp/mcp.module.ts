import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { UrlSafety } from '../common/url-safety';
import { RateLimitModule } from '../rate-limit';
import { McpHttpRoutes } from './mcp-http.routes';

/** The MCP server's Streamable HTTP endpoint (/mcp); `npm run mcp` runs the same server over stdio (main.ts). */
@Module({
  imports: [AuthModule, RateLimitModule],
  providers: [McpHttpRoutes, UrlSafety],
})
export class McpModule {}
