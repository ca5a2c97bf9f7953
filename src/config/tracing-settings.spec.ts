import { ConfigError, loadConfig } from './load-config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('tracing settings (the standard OTEL_* variables)', () => {
  it('are off without an endpoint, and with the SDK disabled or the exporter none', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeUndefined();
    // An empty value is unset, as for every setting.
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing).toBeUndefined();
  });

  it('export to <endpoint>/v1/traces, or to the traces endpoint as given', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'social-publishing',
      resourceAttributes: {},
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example/base/' }).tracing?.url).toBe(
      'https://otlp.example/base/v1/traces',
    );
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces.example/custom',
      }).tracing?.url,
    ).toBe('http://traces.example/custom');
  });

  it('read headers, the service name and resource attributes as the specification writes them', () => {
    const tracing = loadConfig({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://localhost:4318/v1/traces',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Basic%20c2VjcmV0, x-tenant = ops',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=traces',
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attributes,deployment.environment.name=prod',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(tracing).toMatchObject({
      headers: { authorization: 'Basic c2VjcmV0', 'x-tenant': 'traces' },
      serviceName: 'from-attributes',
      resourceAttributes: { 'deployment.environment.name': 'prod' },
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_SERVICE_NAME: 'sps-eu',
        OTEL_RESOURCE_ATTRIBUTES: 'service.name=ignored',
      }).tracing?.serviceName,
    ).toBe('sps-eu');
  });

  it('refuse what they cannot honour, naming the variable and never repeating a header', () => {
    expect(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_TRACES_SAMPLER: 'sometimes',
        OTEL_TRACES_SAMPLER_ARG: '2',
        OTEL_EXPORTER_OTLP_HEADERS: 'Bearer s3cret-token',
      }),
    ).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_ENDPOINT: /),
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_HEADERS: [^(]*$/),
      'OTEL_EXPORTER_OTLP_PROTOCOL: OTEL_EXPORTER_OTLP_PROTOCOL must be http/json (the only OTLP protocol built in) (got "grpc")',
      expect.stringMatching(/^OTEL_TRACES_SAMPLER: /),
      expect.stringMatching(/^OTEL_TRACES_SAMPLER_ARG: /),
    ]);
    expect(
      problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_HEADERS: 'a=%E0%A4%A' }),
    ).toEqual(['OTEL_EXPORTER_OTLP_HEADERS: the value of "a" is not valid percent-encoding']);
  });
});
