import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_PREFIX } from './auth/api-key-format';
import { WEBHOOK_SIGNING_HEADERS } from './webhooks/webhook-signing-docs';
import { addWebhookEventSchemas } from './webhooks/webhook-event-schemas';
import { DELIVERY_ERROR_MEANINGS } from './common/errors/delivery-error-code';
import { ERROR_CODE_MEANINGS, ERROR_CODES, ERROR_STATUS } from './common/errors/error-code';
import { addEnumSchema } from './common/openapi/enum-schema';
import { protectExplorer } from './common/openapi/explorer-headers';
import { admitNullWhereNullable } from './common/openapi/nullable-schemas';
import { completeResponses } from './common/openapi/response-headers';

export const OPENAPI_UI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = 'api/docs.json';

/** The OpenAPI document of every route, built from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Social Publishing API')
    .setDescription(
      'Connect Facebook Pages, Instagram professional accounts and X profiles to your tenants, publish posts to them ' +
        'and receive signed webhooks. Every answer is `{ "success": true, "data": … }` (a paginated list adds ' +
        '`"pagination": { "nextCursor" }` beside its `data` array) or ' +
        '`{ "success": false, "error": { "code", "message", "details"?, "requestId" } }`; every response carries `X-Request-Id`.\n\n' +
        `**Webhook signatures.** ${WEBHOOK_SIGNING_HEADERS}`,
    )
    .setVersion('v1')
    // Relative: the document is served by the service it describes, wherever that is deployed.
    .addServer('/', 'This service')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: `opaque API key: ${API_KEY_PREFIX}… (live) or ${API_KEY_PREFIX}test_… (test)`,
      description: `API key created in the dashboard or CLI: a live key (\`${API_KEY_PREFIX}…\`) acts on your real accounts; a test key (\`${API_KEY_PREFIX}test_…\`) acts in your test world, apart from them (events say \`"livemode": false\`)`,
    })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  completeResponses(document);
  addEnumSchema(
    document,
    'ErrorCode',
    'Every `error.code` the API answers with, and its HTTP status',
    Object.fromEntries(ERROR_CODES.map((code) => [code, `${ERROR_STATUS[code]}, ${ERROR_CODE_MEANINGS[code]}`])),
  );
  addEnumSchema(
    document,
    'DeliveryErrorCode',
    "A delivery's `error.code`, and a post.failed event's `data.errorCode`",
    DELIVERY_ERROR_MEANINGS,
  );
  addWebhookEventSchemas(document);
  admitNullWhereNullable(document);
  return document;
}

/**
 * Serves the document at /api/docs.json and an explorer UI at /api/docs (both without
 * authentication), the explorer unframeable and under a CSP (explorer-headers.ts).
 */
export function serveOpenApi(app: INestApplication): void {
  protectExplorer(app, OPENAPI_UI_PATH);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/docs.yaml',
    // No badge from validator.swagger.io: the explorer loads nothing from elsewhere.
    swaggerOptions: { persistAuthorization: false, validatorUrl: null },
  });
}
