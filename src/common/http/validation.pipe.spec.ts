import { Type } from 'class-transformer';
import { IsArray, IsString, IsUrl, ValidateNested } from 'class-validator';
import { ApiException } from '../errors/api-exception';
import { createValidationPipe } from './validation.pipe';

class Media {
  @IsUrl()
  url!: string;
}
class Container {
  @IsString()
  content!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Media)
  media!: Media[];
}
class Body {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Container)
  containers!: Container[];
}

async function detailsFor(value: unknown): Promise<Array<{ field: string; message: string }>> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype: Body });
  } catch (error) {
    if (error instanceof ApiException) return error.details ?? [];
    throw error;
  }
  return [];
}

describe('validation pipe', () => {
  it('names nested fields by their path', async () => {
    const details = await detailsFor({
      containers: [{ content: 'ok', media: [{ url: 'https://a.example/x.jpg' }, { url: 'nope' }] }],
    });
    expect(details).toEqual([{ field: 'containers[0].media[1].url', message: 'url must be a URL address' }]);
  });

  it('refuses unknown fields by name, also nested', async () => {
    const details = await detailsFor({ containers: [{ content: 'ok', media: [], extra: 1 }], other: true });
    expect(details.map((d) => d.field).sort()).toEqual(['containers[0].extra', 'other']);
    expect(details.find((d) => d.field === 'other')?.message).toBe('other is not an accepted field');
  });

  it('refuses prototype keys, which class-transformer would drop without a word', async () => {
    const body = JSON.parse(
      '{"containers":[{"content":"x","media":[],"constructor":{"prototype":{}}}],"__proto__":{"polluted":true}}',
    );
    const details = await detailsFor(body);
    expect(details.map((d) => d.field).sort()).toEqual(['__proto__', 'containers[0].constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body nested deeper than any request goes, before anything recurses into it (found by the fuzz: a stack overflow, 500)', async () => {
    const depth = 100_000;
    const deepArray = JSON.parse(`{"containers":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    const deepObject = JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    expect(await detailsFor(deepArray)).toEqual([
      { field: `containers${'[0]'.repeat(15)}`, message: expect.stringContaining('nested too deeply') },
    ]);
    expect(await detailsFor(deepObject)).toEqual([
      { field: Array(16).fill('a').join('.'), message: expect.stringContaining('nested too deeply') },
    ]);
    // A real body's depth (containers[0].media[0].url) is far from the bound.
    expect(await detailsFor({ containers: [{ content: 'x', media: [{ url: 'https://a.example/x.jpg' }] }] })).toEqual(
      [],
    );
  });

  it('refuses a wrongly typed field', async () => {
    expect(await detailsFor({ containers: 'not-an-array' })).toEqual([
      { field: 'containers', message: expect.stringContaining('array') },
    ]);
  });

  it('accepts a valid body', async () => {
    expect(await detailsFor({ containers: [{ content: 'hello', media: [] }] })).toEqual([]);
  });
});

describe('validation pipe, bounded', () => {
  const refusalOf = async (value: unknown): Promise<ApiException> => {
    try {
      await createValidationPipe().transform(value, { type: 'body', metatype: Body });
    } catch (error) {
      if (error instanceof ApiException) return error;
      throw error;
    }
    throw new Error('accepted');
  };

  it('refuses more than 2,000 fields in all with one detail, however many there are', async () => {
    const wide: Record<string, unknown> = { containers: [] };
    for (let i = 0; i < 60_000; i++) wide[`k${i}`] = i;
    const error = await refusalOf(wide);
    expect(error.details).toEqual([{ field: 'body', message: expect.stringContaining('more than 2000 fields') }]);
    // Arrays count too, and fields at every level.
    const long = await refusalOf({ containers: [{ content: 'x', media: Array.from({ length: 2_001 }, () => 1) }] });
    expect(long.details?.[0]?.message).toContain('more than 2000 fields');
  });

  it('reports at most 20 problems, and counts the rest in the message', async () => {
    const body: Record<string, unknown> = { containers: [] };
    for (let i = 0; i < 500; i++) body[`k${i}`] = i;
    const error = await refusalOf(body);
    expect(error.details).toHaveLength(20);
    expect(error.message).toMatch(/\(and 480 more problems\)$/);
    expect(JSON.stringify(error.details).length).toBeLessThan(2_000);
  });
});
