import type { EnvironmentSchema } from './environment.schema';
import { ConfigError } from './validate-environment';

/** The service's name in traces when OTEL_SERVICE_NAME does not say otherwise (the logs' `service` too). */
export const DEFAULT_SERVICE_NAME = 'social-publishing';

/** The samplers the OpenTelemetry specification names for OTEL_TRACES_SAMPLER. */
export type TraceSamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';

/** Where and how spans are exported (OTLP over HTTP, JSON bodies), read from the standard OTEL_* variables. */
export interface TracingSettings {
  /** The full URL spans are POSTed to. */
  url: string;
  /** Sent with every export (a collector's credentials): never logged. */
  headers: Record<string, string>;
  serviceName: string;
  /** The resource's other attributes (OTEL_RESOURCE_ATTRIBUTES), service.name excepted. */
  resourceAttributes: Record<string, string>;
  sampler: TraceSamplerName;
  /** For the ratio samplers: the share of new traces kept. */
  samplerRatio: number;
}

/**
 * `key=value,key=value` as the OpenTelemetry variables write it (W3C Baggage's list): values are
 * percent-decoded, and an entry that cannot be decoded is refused rather than sent half-read.
 */
export function parseKeyValueList(list: string | undefined, variable: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of (list ?? '').split(',')) {
    if (!entry.trim()) continue;
    const separator = entry.indexOf('=');
    const key = entry.slice(0, separator).trim();
    try {
      entries[key] = decodeURIComponent(entry.slice(separator + 1).trim());
    } catch {
      // The value may be a credential: name the key only.
      throw new ConfigError([`${variable}: the value of "${key}" is not valid percent-encoding`]);
    }
  }
  return entries;
}

/**
 * The traces URL the specification derives: the traces endpoint as given, else the base endpoint
 * with `v1/traces` appended to its path.
 */
function tracesUrl(schema: EnvironmentSchema): string | undefined {
  if (schema.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return schema.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = schema.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!base) return undefined;
  return `${base.endsWith('/') ? base : `${base}/`}v1/traces`;
}

/**
 * Tracing as the environment asks for it, or undefined for none: no endpoint, OTEL_SDK_DISABLED,
 * or OTEL_TRACES_EXPORTER=none. Throws ConfigError naming the variable when a list cannot be read.
 */
export function tracingSettings(schema: EnvironmentSchema): TracingSettings | undefined {
  const url = tracesUrl(schema);
  if (!url || schema.OTEL_SDK_DISABLED === 'true' || schema.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const headers = {
    ...parseKeyValueList(schema.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'),
    ...parseKeyValueList(schema.OTEL_EXPORTER_OTLP_TRACES_HEADERS, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'),
  };
  const { 'service.name': namedInAttributes, ...resourceAttributes } = parseKeyValueList(
    schema.OTEL_RESOURCE_ATTRIBUTES,
    'OTEL_RESOURCE_ATTRIBUTES',
  );
  return {
    url,
    headers,
    // The specification: OTEL_SERVICE_NAME wins over a service.name in OTEL_RESOURCE_ATTRIBUTES.
    serviceName: schema.OTEL_SERVICE_NAME ?? namedInAttributes ?? DEFAULT_SERVICE_NAME,
    resourceAttributes,
    sampler: schema.OTEL_TRACES_SAMPLER,
    samplerRatio: schema.OTEL_TRACES_SAMPLER_ARG === undefined ? 1 : Number(schema.OTEL_TRACES_SAMPLER_ARG),
  };
}
