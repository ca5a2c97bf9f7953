import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUrl, Matches, Max, Min } from 'class-validator';

/**
 * The validation rules the networks' settings share, one decorator each, so every network's
 * variable of a kind (an endpoint, a poll interval, a switch) is checked the same way.
 */

/** An endpoint: http or https, a host without a TLD allowed (a local emulator). */
export const IsEndpointUrl = (): PropertyDecorator =>
  IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true });

/** Milliseconds between checks of a medium a network is still processing: 1 s to 10 min. */
export const IsPollIntervalMs = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ),
    IsInt(),
    Min(1_000),
    Max(600_000),
  );

/** A switch set as the words `true` or `false`. */
export const IsTrueOrFalse = (): PropertyDecorator => IsIn(['true', 'false']);

/** A Facebook Login for Business configuration's id, optional. */
export const IsOptionalLoginConfigId = (): PropertyDecorator =>
  applyDecorators(
    Matches(/^\d{1,32}$/, { message: 'must be the numeric id of a Facebook Login for Business configuration' }),
    IsOptional(),
  );
