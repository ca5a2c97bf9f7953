import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { RawResponse } from '../common/http/raw-response.decorator';
import { DatabaseHealth } from '../database/database-health';

class HealthView {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok' })
  status!: 'ok' | 'unavailable';

  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  database!: 'up' | 'down';
}

@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(private readonly database: DatabaseHealth) {}

  @Get('health')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'Liveness and database reachability (no authentication)' })
  @ApiResponse({ status: 200, type: HealthView, description: 'Serving, database reachable' })
  @ApiResponse({ status: 503, type: HealthView, description: 'Serving, but the database is unreachable' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthView> {
    const up = await this.database.isUp();
    if (!up) reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' };
  }
}
