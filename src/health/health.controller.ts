import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth';
import { RawResponse } from '../common/http/raw-response.decorator';
import { ApiException } from '../common/errors/api-exception';
import { ApiErrorResponse } from '../common/openapi/api-envelope.decorator';
import { DatabaseHealth } from '../database';
import { Readiness } from './readiness';

class HealthView {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok' })
  status!: 'ok' | 'unavailable';

  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  database!: 'up' | 'down';
}

class LiveView {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';
}

class ReadyView {
  @ApiProperty({ enum: ['ready'], example: 'ready' })
  status!: 'ready';

  @ApiProperty({ enum: ['up'], example: 'up' })
  database!: 'up';
}

/** The 503 of /health/ready, in the error envelope; the message says which of the two is missing. */
export function notReady(database: 'up' | 'down', draining: boolean): ApiException {
  const message = draining ? 'The process is shutting down; send new work elsewhere' : 'The database is unreachable';
  return new ApiException('not_ready', message, undefined, HttpStatus.SERVICE_UNAVAILABLE, {
    'Retry-After': '1',
    'Cache-Control': 'no-store',
  });
}

@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly readiness: Readiness,
  ) {}

  @Get('health')
  @Public()
  @RawResponse()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Liveness and database reachability (no authentication)',
    security: [],
  })
  @ApiResponse({ status: 200, type: HealthView, description: 'Serving, database reachable' })
  @ApiResponse({ status: 503, type: HealthView, description: 'Serving, but the database is unreachable' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthView> {
    const up = await this.database.isUp();
    if (!up) reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' };
  }

  @Get('health/live')
  @Public()
  @RawResponse()
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness: the process answers (no database call, no authentication)',
    security: [],
  })
  @ApiResponse({ status: 200, type: LiveView, description: 'The process is serving' })
  @ApiErrorResponse(503, 'The instance is shutting down (`shutting_down`)')
  live(): LiveView {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @Public()
  @RawResponse()
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness: PostgreSQL reachable and the process not shutting down (no authentication)',
    security: [],
  })
  @ApiResponse({ status: 200, type: ReadyView, description: 'Ready for traffic' })
  @ApiErrorResponse(503, 'Not ready (`not_ready`): the database is unreachable, or the process is draining')
  async ready(): Promise<ReadyView> {
    const report = await this.readiness.check();
    if (!report.ready) throw notReady(report.database, report.draining);
    return { status: 'ready', database: 'up' };
  }
}
