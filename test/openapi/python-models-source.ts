import {
  ClassType,
  EnumType,
  FetchingJSONSchemaStore,
  getOptionValues,
  InputData,
  JSONSchemaInput,
  Name,
  Namer,
  funPrefixNamer,
  PythonRenderer,
  PythonTargetLanguage,
  pythonOptions,
  quicktype,
  RenderContext,
  Sourcelike,
  Type,
  UnionType,
} from 'quicktype-core';
import { DiscriminatedUnion, pythonJsonSchema } from './python-json-schema';
import { REGENERATE_COMMAND } from './sdk-files';

/**
 * The Python SDK's models (sdk/python/src/social_publishing/models.py): a pydantic class for every
 * schema of the document, written by quicktype (quicktype-core) from the document's schemas as JSON
 * Schema (python-json-schema.ts).
 *
 * quicktype's own pydantic output names fields in snake_case but forgets the JSON name, so a model
 * could not read the API's camelCase; the renderer below is quicktype's Python renderer with four
 * changes, through its extension points: each field whose Python name differs from its JSON name
 * gets `Field(alias=...)` (a field the API may leave out defaults to None, one it may send as null is
 * Optional and still required); classes derive from `ApiModel` (sdk/python/src/social_publishing/_model.py:
 * populate by name or alias, unknown fields kept); an enum of one value is a `Literal` (the `event`
 * of each webhook event, which tells them apart); and the discriminated unions (WebhookEvent) are
 * declared as pydantic discriminated unions, which quicktype would merge into one class.
 * Schemas keep their names as the document spells them (PostView, AuthUrlView).
 */
export async function pythonModelsSource(document: object): Promise<string> {
  const { schema, unions } = pythonJsonSchema(document);
  const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
  // One source whose top-level types are all the definitions (quicktype's `#/definitions/` form), so
  // that a schema referenced from several places is one class.
  await input.addSource({ name: 'Schemas', schema: JSON.stringify(schema), uris: ['#/definitions/'] });
  const inputData = new InputData();
  inputData.addInput(input);
  const result = await quicktype({
    inputData,
    lang: new PydanticTargetLanguage(unions),
    rendererOptions: { 'python-version': '3.9', 'just-types': 'true', 'pydantic-base-model': 'true' },
    leadingComments: [
      [
        `Generated from sdk/typescript/openapi.json by \`${REGENERATE_COMMAND}\` (test/openapi/python-models-source.ts,`,
        'with quicktype): do not edit. Each class is a schema of the API document; attributes are snake_case,',
        "and each reads and writes the API's own name (its alias): Model.model_validate(json), model.model_dump(by_alias=True).",
      ].join('\n# '),
    ],
  });
  return `${result.lines.join('\n').replace(/\n{4,}/g, '\n\n\n')}\n`;
}

class PydanticTargetLanguage extends PythonTargetLanguage {
  constructor(private readonly unions: DiscriminatedUnion[]) {
    super();
  }

  protected override makeRenderer(
    renderContext: RenderContext,
    untypedOptionValues: Record<string, unknown>,
  ): PythonRenderer {
    return new PydanticRenderer(this, renderContext, getOptionValues(pythonOptions, untypedOptionValues), this.unions);
  }
}

/** A field of the document named as an attribute of pydantic's BaseModel: its Python name. */
const RENAMED_FIELDS: Record<string, string> = { schema: 'json_schema' };

/** Names pydantic's BaseModel has: a field of that name would shadow it (quicktype then prefixes it). */
const BASE_MODEL_NAMES = ['schema', 'json', 'dict', 'copy', 'construct', 'validate', 'fields', 'model_config'];

class PydanticRenderer extends PythonRenderer {
  constructor(
    targetLanguage: PythonTargetLanguage,
    renderContext: RenderContext,
    pyOptions: ConstructorParameters<typeof PythonRenderer>[2],
    private readonly unions: DiscriminatedUnion[],
  ) {
    super(targetLanguage, renderContext, pyOptions);
  }

  /** The document's names as they are (AuthUrlView, not AuthURLView); quicktype's style for anything else. */
  protected override makeNamedTypeNamer(): Namer {
    const styled = super.makeNamedTypeNamer();
    return funPrefixNamer('type', (name) => (/^[A-Z][A-Za-z0-9]*$/.test(name) ? name : styled.nameStyle(name)));
  }

  /** snake_case, as quicktype makes it, except the few names that pydantic's BaseModel takes. */
  protected override namerForObjectProperty(): Namer {
    const styled = super.namerForObjectProperty();
    return funPrefixNamer('property', (name) => RENAMED_FIELDS[name] ?? styled.nameStyle(name));
  }

  protected override forbiddenForObjectProperties(classType: ClassType, className: Name) {
    const forbidden = super.forbiddenForObjectProperties(classType, className);
    const extra = BASE_MODEL_NAMES.filter((name) => !forbidden.names.includes(name));
    return { ...forbidden, names: [...forbidden.names, ...extra] };
  }

  protected override declarationLine(t: Type): Sourcelike {
    if (t instanceof ClassType)
      return ['class ', this.nameForNamedType(t), '(', this.withImport('._model', 'ApiModel'), '):'];
    if (t instanceof EnumType)
      return ['class ', this.nameForNamedType(t), '(str, ', this.withImport('enum', 'Enum'), '):'];
    return super.declarationLine(t);
  }

  protected override pythonType(t: Type, isRootTypeDef = false, suppressQuotes = false): Sourcelike {
    const only = singleCase(t);
    if (only !== undefined) return [this.withTyping('Literal'), '[', this.string(only), ']'];
    return super.pythonType(t, isRootTypeDef, suppressQuotes);
  }

  protected override emitEnum(t: EnumType): void {
    if (singleCase(t) === undefined) super.emitEnum(t);
  }

  protected override emitClass(t: ClassType): void {
    this.declareType(t, () => {
      if (t.getProperties().size === 0) this.emitLine('pass');
      this.forEachClassProperty(t, 'none', (name, jsonName, property) => {
        const type = this.pythonType(property.type, false);
        const canBeNone = property.isOptional || isNullable(property.type);
        const annotation =
          canBeNone && !isNullable(property.type) ? [this.withTyping('Optional'), '[', type, ']'] : type;
        const pythonName = this.names.get(name);
        const field: Sourcelike[] = [];
        if (pythonName !== jsonName) {
          const args = [...(property.isOptional ? ['None, '] : []), 'alias=', this.string(jsonName)];
          field.push(' = ', this.withImport('pydantic', 'Field'), '(', ...args, ')');
        } else if (property.isOptional) field.push(' = None');
        this.emitLine(name, ': ', annotation, ...field);
        this.emitDescription(this.descriptionForClassProperty(t, jsonName));
      });
      this.ensureBlankLine();
    });
  }

  protected override emitClosingCode(): void {
    for (const union of this.unions) {
      this.ensureBlankLine(2);
      if (union.description) this.emitLine('# ', union.description);
      this.emitLine(
        union.name,
        ' = ',
        this.withTyping('Annotated'),
        '[',
        this.withTyping('Union'),
        '[',
        union.members.join(', '),
        '], ',
        this.withImport('pydantic', 'Field'),
        '(discriminator=',
        this.string(union.propertyName),
        ')]',
      );
    }
  }
}

function singleCase(t: Type): string | undefined {
  return t instanceof EnumType && t.cases.size === 1 ? [...t.cases][0] : undefined;
}

function isNullable(t: Type): boolean {
  return t.kind === 'null' || (t instanceof UnionType && [...t.members].some((member) => member.kind === 'null'));
}
