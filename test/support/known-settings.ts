import { getMetadataStorage } from 'class-validator';
import { EnvironmentSchema } from '../../src/config/environment.schema';
import { INSTALLED_NETWORKS } from '../../src/networks/installed-networks';

/**
 * Every setting the service reads: the service-wide schema and each installed network's own (its
 * folder's `environment`). The deployment files' tests check that they set nothing else.
 */
export const KNOWN_SETTINGS: ReadonlySet<string> = new Set(
  [EnvironmentSchema, ...INSTALLED_NETWORKS.map((network) => network.environment)].flatMap((schema) =>
    getMetadataStorage()
      .getTargetValidationMetadatas(schema, '', true, false)
      .map((rule) => rule.propertyName),
  ),
);
