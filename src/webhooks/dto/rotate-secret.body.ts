import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ROTATION_OVERLAP_SECONDS } from '../webhook-secret-policy';

export class RotateSecretBody {
  @ApiPropertyOptional({
    type: 'integer',
    example: 3600,
    minimum: 0,
    maximum: ROTATION_OVERLAP_SECONDS.max,
    default: ROTATION_OVERLAP_SECONDS.default,
    description:
      'How long the old secret keeps signing deliveries (in webhook-signature, next to the new one). 0 stops it at once.',
  })
  @IsOptional()
  @IsInt({ message: 'overlap_seconds must be a whole number' })
  @Min(0, { message: 'overlap_seconds must be 0 or more' })
  @Max(ROTATION_OVERLAP_SECONDS.max, {
    message: `overlap_seconds must be at most ${ROTATION_OVERLAP_SECONDS.max} (7 days)`,
  })
  overlap_seconds?: number;
}
