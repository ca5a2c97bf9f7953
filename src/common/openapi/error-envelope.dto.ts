import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES } from '../errors/error-code';
import type { ErrorCode } from '../errors/error-code';

export class FieldErrorDto {
  @ApiProperty({ example: 'tenantId' })
  field!: string;

  @ApiProperty({ example: 'tenantId must be 1-128 characters of A-Z a-z 0-9 _ - . :' })
  message!: string;
}

export class ErrorBodyDto {
  @ApiProperty({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    example: 'validation_failed',
    description: 'Stable, machine-readable error code',
  })
  code!: ErrorCode;

  @ApiProperty({ example: 'Invalid request: tenantId' })
  message!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'For invalid input: each field at fault' })
  details?: FieldErrorDto[];

  @ApiProperty({ example: 'req_Yq3b1m4o2rV0d9Ku', description: 'Also sent as the X-Request-Id header' })
  requestId!: string;
}

export class ErrorEnvelopeDto {
  @ApiProperty({ example: false, enum: [false] })
  success!: false;

  @ApiProperty({ type: ErrorBodyDto })
  error!: ErrorBodyDto;
}
