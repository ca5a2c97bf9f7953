import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DeprecatedAliasOf, deprecatedAliasDescription } from '../../common/http/deprecated-alias';
import { ROTATION_OVERLAP_SECONDS } from '../webhook-secret-policy';

/** The validators of the overlap, under either of its names. */
function overlapRules(name: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsInt({ message: `${name} must be a whole number` }),
    Min(0, { message: `${name} must be 0 or more` }),
    Max(ROTATION_OVERLAP_SECONDS.max, { message: `${name} must be at most ${ROTATION_OVERLAP_SECONDS.max} (7 days)` }),
  );
}

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
  @overlapRules('overlapSeconds')
  overlapSeconds?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: ROTATION_OVERLAP_SECONDS.max,
    deprecated: true,
    description: deprecatedAliasDescription('overlapSeconds'),
  })
  @overlapRules('overlap_seconds')
  @DeprecatedAliasOf('overlapSeconds')
  overlap_seconds?: number;

  /** The overlap asked for, under either name (a conflict was refused by validation). */
  static overlapOf(body: RotateSecretBody): number | undefined {
    return body.overlapSeconds ?? body.overlap_seconds;
  }
}
