import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Writes a named string enum under components.schemas, its description listing what each value
 * means. Properties declared with the same `enumName` already point at it.
 */
export function addEnumSchema(
  document: OpenAPIObject,
  name: string,
  summary: string,
  meanings: Record<string, string>,
): void {
  const schemas = ((document.components ??= {}).schemas ??= {});
  const list = Object.entries(meanings)
    .map(([value, meaning]) => `- \`${value}\`: ${meaning}`)
    .join('\n');
  schemas[name] = { type: 'string', enum: Object.keys(meanings), description: `${summary}\n\n${list}` };
}
