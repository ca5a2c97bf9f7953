import { ApiException } from '../../common/errors/api-exception';
import { TENANT_ID_PATTERN } from '../../common/tenant-id';
import { field, FormFields } from './form';

/** The tenant filter of a search: empty for any tenant, else a valid tenant id (400 otherwise). */
export function tenantFilterValue(query: FormFields): string | undefined {
  const tenant = field(query, 'tenant', 200).trim();
  if (!tenant) return undefined;
  if (!TENANT_ID_PATTERN.test(tenant))
    throw ApiException.validation([
      { field: 'tenant', message: 'tenant must be 1-128 characters of A-Z a-z 0-9 _ - . :' },
    ]);
  return tenant;
}
