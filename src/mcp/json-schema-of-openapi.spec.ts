import { JsonSchemaOfOpenApi } from './json-schema-of-openapi';

describe('JSON Schema of an OpenAPI 3.0 schema', () => {
  const document = {
    components: {
      schemas: {
        Tag: { type: 'string', enum: ['a', 'b'], nullable: true },
        Item: {
          type: 'object',
          properties: {
            name: { type: 'string', example: 'bread' },
            old_name: { type: 'string', deprecated: true },
            tag: { $ref: '#/components/schemas/Tag' },
            parent: { allOf: [{ $ref: '#/components/schemas/Item' }], nullable: true },
            count: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
          },
          required: ['name', 'old_name'],
          discriminator: { propertyName: 'name' },
        },
      },
    },
  };

  it('admits null where nullable, turns examples into a list, bounds into numbers, and keeps the $refs it needs', () => {
    const schemas = new JsonSchemaOfOpenApi(document);
    expect(schemas.component('Item')).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', examples: ['bread'] },
        tag: { $ref: '#/$defs/Tag' },
        parent: { anyOf: [{ allOf: [{ $ref: '#/$defs/Item' }] }, { type: 'null' }] },
        count: { type: 'integer', exclusiveMinimum: 0, maximum: 9 },
      },
      required: ['name'],
    });
    expect(schemas.defsFor()).toEqual({
      Tag: { type: ['string', 'null'], enum: ['a', 'b', null] },
      Item: expect.objectContaining({ type: 'object', required: ['name'] }),
    });
  });
});
