import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_PREFIX } from '../../auth/api-key-format';
import { WEBHOOK_SIGNING_HEADERS } from '../../webhooks/webhook-signing-docs';
import { addWebhookEventSchemas } from '../../webhooks/webhook-event-schemas';

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
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: `API key created in the dashboard or CLI: a live key (\`${API_KEY_PREFIX}…\`) acts on your real accounts; a test key (\`${API_KEY_PREFIX}test_…\`) acts in your test world, apart from them (events say \`"livemode": false\`)`,
    })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Array<{
      responses?: Record<string, { headers?: Record<string, unknown> }>;
    }>) {
      for (const response of Object.values(operation.responses ?? {})) {
        response.headers = { ...response.headers, 'X-Request-Id': REQUEST_ID_HEADER };
      }
    }
  }
  addWebhookEventSchemas(document);
  return document;
}

/** Every response carries the request id, which error bodies repeat as `error.requestId`. */
const REQUEST_ID_HEADER = {
  description: 'Identifies this request in our logs; your X-Request-Id is used when it is 1-128 of A-Z a-z 0-9 . _ : -',
  schema: { type: 'string', example: 'req_Yq3b1m4o2rV0d9Ku' },
};

/** Serves the document at /api/docs.json and an explorer UI at /api/docs (both without authentication). */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/docs.yaml',
    swaggerOptions: { persistAuthorization: false },
  });
}
