import Ajv from 'ajv';
import type { OpenAPIObject } from '@nestjs/swagger';
import { admitNullWhereNullable } from './nullable-schemas';

const ERROR_VIEW = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string' } },
};

function documentWith(property: object): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas: { ErrorView: ERROR_VIEW, Holder: { type: 'object', properties: { error: property } } } },
  } as OpenAPIObject;
}

/** Validates `value` as the Holder's `error` property, as Ajv reads OpenAPI 3.0's `nullable`. */
function accepts(document: OpenAPIObject, value: unknown): boolean {
  const ajv = new Ajv({ strict: false });
  ajv.addSchema({ $id: 'doc', components: document.components as object });
  return ajv.validate({ $ref: 'doc#/components/schemas/Holder' }, { error: value });
}

describe('admitNullWhereNullable', () => {
  it("rewrites @nestjs/swagger's nullable class property, which refuses null, as one of the class or null", () => {
    // What @nestjs/swagger 11 writes for @ApiProperty({ type: ErrorView, nullable: true }).
    const document = documentWith({
      nullable: true,
      type: 'object',
      description: 'Why',
      allOf: [{ $ref: '#/components/schemas/ErrorView' }],
    });
    expect(accepts(document, null)).toBe(false);

    admitNullWhereNullable(document);

    expect(document.components!.schemas!.Holder).toEqual({
      type: 'object',
      properties: {
        error: { description: 'Why', oneOf: [{ $ref: '#/components/schemas/ErrorView' }, { enum: [null] }] },
      },
    });
    expect(accepts(document, null)).toBe(true);
    expect(accepts(document, { code: 'x' })).toBe(true);
    expect(accepts(document, {})).toBe(false);
    expect(accepts(document, 'text')).toBe(false);
  });

  it('rewrites a nullable $ref with siblings (which OpenAPI 3.0 ignores) the same way', () => {
    const document = documentWith({ $ref: '#/components/schemas/ErrorView', nullable: true });
    admitNullWhereNullable(document);
    expect(document.components!.schemas!.Holder!).toEqual({
      type: 'object',
      properties: { error: { oneOf: [{ $ref: '#/components/schemas/ErrorView' }, { enum: [null] }] } },
    });
  });

  it('adds null to the values of a nullable enum, which would refuse it otherwise', () => {
    const document = documentWith({ type: 'string', nullable: true, enum: ['a', 'b'] });
    expect(accepts(document, null)).toBe(false);
    admitNullWhereNullable(document);
    expect(accepts(document, null)).toBe(true);
    expect(accepts(document, 'a')).toBe(true);
    expect(accepts(document, 'c')).toBe(false);
  });

  it('leaves alone what already admits null, what is not nullable, and examples', () => {
    const untouched = {
      plain: { type: 'string', nullable: true },
      required: { allOf: [{ $ref: '#/components/schemas/ErrorView' }] },
      withNull: { type: 'string', nullable: true, enum: ['a', null] },
      described: { type: 'object', example: { nullable: true, $ref: 'not a schema' } },
    };
    const document = documentWith(structuredClone({ type: 'object', properties: untouched }));
    admitNullWhereNullable(document);
    expect(document.components!.schemas!.Holder!).toEqual({
      type: 'object',
      properties: { error: { type: 'object', properties: untouched } },
    });
  });
});
