import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsOptional, IsString, Matches } from 'class-validator';

/** A tenant id is chosen by the customer: 1-128 of A-Z a-z 0-9 _ - . : (meaningful only inside that customer). */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The form of a tenant id, without requiring one. */
const tenantIdForm = (): PropertyDecorator =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    Matches(TENANT_ID_PATTERN, { message: '$property must be 1-128 characters of A-Z a-z 0-9 _ - . :' }),
  );

export const IsTenantId = (): PropertyDecorator =>
  applyDecorators(IsDefined({ message: '$property is required' }), tenantIdForm());

/** A tenant id where one may be left out (GET /posts: without one, every tenant's). */
export const IsOptionalTenantId = (): PropertyDecorator => applyDecorators(IsOptional(), tenantIdForm());
