import { extractMetaSubset } from './meta-subset';
import { extractXSubset } from './x-subset';
import { summarizeMetaChange, summarizeXChange } from './summarize';
import { GraphNodeSpec } from '../graph/graph-spec';
import { JsonObject } from '../json';

const source = { repository: 'r', path: 'p', commit: 'c', commitDate: 'd', retrieved: '2026-11-26' };
const document: JsonObject = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/a': { get: { security: [{ OAuth2UserToken: ['a.read'] }], parameters: [{ $ref: '#/components/parameters/P' }] } },
    '/b': {
      get: {
        responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } } } },
      },
    },
  },
  components: {
    securitySchemes: { OAuth2UserToken: { type: 'oauth2' }, Other: { type: 'http' } },
    parameters: { P: { name: 'p', in: 'query', schema: { $ref: '#/components/schemas/A' } } },
    schemas: {
      A: { type: 'object', properties: { c: { $ref: '#/components/schemas/C' } } },
      B: { type: 'string' },
      C: { type: 'string' },
    },
  },
};

describe('extractXSubset', () => {
  it('keeps the listed operations and what they reach, transitively', () => {
    const subset = extractXSubset(document, [{ method: 'GET', path: '/a', usedFor: '' }], source);
    expect(Object.keys(subset.paths as JsonObject)).toEqual(['/a']);
    expect(subset.components).toEqual({
      securitySchemes: { OAuth2UserToken: { type: 'oauth2' } },
      schemas: { A: expect.any(Object), C: { type: 'string' } },
      parameters: { P: expect.any(Object) },
    });
    expect(subset['x-contract-source']).toEqual(source);
  });

  it('keeps the variants a discriminator names only in its mapping when asked (Pinterest), not otherwise (X)', () => {
    const mapped: JsonObject = {
      openapi: '3.0.3',
      paths: {
        '/t': {
          post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/R' } } } } },
        },
      },
      components: {
        schemas: {
          R: { type: 'object', discriminator: { propertyName: 'k', mapping: { v: '#/components/schemas/V' } } },
          V: { type: 'object', properties: { w: { $ref: '#/components/schemas/W' } } },
          W: { type: 'string' },
        },
      },
    };
    const operations = [{ method: 'POST' as const, path: '/t', usedFor: '' }];
    const schemasOf = (subset: JsonObject) => Object.keys((subset.components as JsonObject).schemas as JsonObject);
    expect(schemasOf(extractXSubset(mapped, operations, source, { followMappings: true }))).toEqual(['R', 'V', 'W']);
    expect(schemasOf(extractXSubset(mapped, operations, source))).toEqual(['R']);
  });

  it('fails loudly when the document lacks an operation', () => {
    expect(() => extractXSubset(document, [{ method: 'POST', path: '/a', usedFor: '' }], source)).toThrow('POST /a');
  });

  it('summarizes added and removed operations, parameters and properties', () => {
    const before = extractXSubset(document, [{ method: 'GET', path: '/a', usedFor: '' }], source);
    const after = structuredClone(before);
    ((after.components as JsonObject).schemas as JsonObject).A = {
      type: 'object',
      properties: { d: { type: 'string' } },
    };
    expect(summarizeXChange(before, after)).toEqual(['+ A property d', '- A property c']);
  });
});

describe('extractMetaSubset', () => {
  const page: GraphNodeSpec = {
    apis: [
      {
        method: 'GET',
        endpoint: 'feed',
        return: 'PagePost',
        params: [{ name: 'with', required: false, type: 'pagefeed_with_enum_param' }],
      },
      { method: 'POST', endpoint: 'feed', return: 'Page', params: [] },
      { method: 'GET', name: '#get', return: 'Page', params: [] },
    ],
    fields: [{ name: 'fan_count', type: 'unsigned int' }],
  };
  const enums = [
    { name: 'pagefeed_with_enum_param', node: 'Page', field_or_param: 'with', values: ['LOCATION'] },
    { name: 'unused_enum', node: 'X', field_or_param: 'y', values: ['Z'] },
  ];

  it('keeps the listed APIs, the whole field list and the enums they use; reports what is missing', () => {
    const subset = extractMetaSubset(() => page, enums, { Page: ['GET feed', 'GET', 'DELETE'] });
    expect(subset.nodes.Page.apis.map((a) => `${a.method} ${a.endpoint ?? ''}`)).toEqual(['GET feed', 'GET ']);
    expect(subset.nodes.Page.fields).toEqual(page.fields);
    expect(subset.enumTypes.map((e) => e.name)).toEqual(['pagefeed_with_enum_param']);
    expect(subset.missing).toEqual(['Page: DELETE']);
    expect(summarizeMetaChange({ Page: subset.nodes.Page }, { Page: { ...subset.nodes.Page, fields: [] } })).toEqual([
      '- Page field fan_count',
    ]);
  });
});
